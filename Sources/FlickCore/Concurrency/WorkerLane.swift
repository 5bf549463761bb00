import Dispatch

/// A quality-of-service class of the `QueuePool`: work of one kind and urgency.
///
/// Seed 002 "优化六" keeps one cache of serial queues per QoS so urgent drawing never waits
/// behind prefetching, and no burst of work can spawn threads without bound.
public enum WorkerLane: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// Work the user is waiting on this frame: visible rows' layout and raster.
    case userInteractive
    /// Work needed within a few frames: display-range rows.
    case userInitiated
    /// Longer work whose result is expected soon: image decoding, preload-range rows.
    case utility
    /// Work nobody waits for: cache trimming, persisting heights.
    case background

    /// The Dispatch QoS the lane's queues run at.
    public var qos: DispatchQoS {
        switch self {
        case .userInteractive: .userInteractive
        case .userInitiated: .userInitiated
        case .utility: .utility
        case .background: .background
        }
    }

    public var description: String {
        switch self {
        case .userInteractive: "user-interactive"
        case .userInitiated: "user-initiated"
        case .utility: "utility"
        case .background: "background"
        }
    }
}

/// Names one serial queue of the pool: its lane and its index within the lane.
public struct WorkerID: Hashable, Sendable, CustomStringConvertible {
    public let lane: WorkerLane
    public let index: Int

    public init(lane: WorkerLane, index: Int) {
        self.lane = lane
        self.index = index
    }

    public var description: String { "\(lane)#\(index)" }
}
