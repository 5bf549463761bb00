/// Wakes the hosts whose list sleeps at rest when work finishes off the main thread.
///
/// A list at rest (nothing moving, nothing waiting for the next frame) runs no frames: its host
/// sleeps until input arrives or a result lands. Every place a worker hands a result to the
/// main thread signals here after handing it over — a finished pool job, a `Mailbox` post, a
/// loaded page — so a sleeping host runs one frame to take it, and sleeps again once that frame
/// changed nothing more.
///
/// A host reads `generation` before its frame (the frame takes every result posted before),
/// and after the frame, at rest, calls `sleep(since:wake:)`: a signal after that reading wakes
/// it at once, so no result can land unseen between the frame and the sleep.
///
/// ```swift
/// let seen = FrameWake.shared.generation
/// runFrame()
/// if atRest, let sleeper = FrameWake.shared.sleep(since: seen, wake: { pushWakeEvent() }) {
///     waitForEvent(timeout: deadline)
///     sleeper.end()
/// }
/// ```
///
/// One per process (`shared`): a signal wakes every sleeping host, which costs a host that had
/// nothing to take one frame. Any thread.
public final class FrameWake: Sendable {
    public static let shared = FrameWake()

    private struct State: Sendable {
        var generation: UInt64 = 0
        var nextSleeper: UInt64 = 0
        var sleepers: [UInt64: @Sendable () -> Void] = [:]
    }

    private let state = LockedBox(State())

    public init() {}

    /// Signals so far. Any thread.
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// A result was handed to the main thread: wakes every sleeping host, once. Call it after
    /// the result is where the next frame looks. Any thread; never blocks on a host.
    public func signal() {
        let woken = state.withLock { state -> [@Sendable () -> Void] in
            state.generation &+= 1
            guard !state.sleepers.isEmpty else { return [] }
            defer { state.sleepers.removeAll() }
            return Array(state.sleepers.values)
        }
        for wake in woken { wake() }
    }

    /// Registers a host going to sleep: `wake` is called once, on the signalling thread, at the
    /// next signal. Returns nil (do not sleep) when a signal came after `seen`. End the sleeper
    /// when the host wakes for any reason. The host's thread.
    public func sleep(since seen: UInt64, wake: @escaping @Sendable () -> Void) -> Sleeper? {
        state.withLock { state -> UInt64? in
            guard state.generation == seen else { return nil }
            let id = state.nextSleeper
            state.nextSleeper &+= 1
            state.sleepers[id] = wake
            return id
        }.map { Sleeper(wake: self, id: $0) }
    }

    fileprivate func end(_ id: UInt64) {
        _ = state.withLock { $0.sleepers.removeValue(forKey: id) }
    }

    /// A host's registration while it sleeps.
    public struct Sleeper: Sendable {
        let wake: FrameWake
        let id: UInt64

        /// The host woke (a signal, input or its deadline): later signals no longer call it.
        public func end() { wake.end(id) }
    }
}

/// Results handed from workers to the main thread: workers `post`, one consumer on the main
/// thread `takeAll()` once per frame. Each post signals `FrameWake`, so a host sleeping at rest
/// runs the frame that takes it. Any thread.
public final class Mailbox<Element: Sendable>: Sendable {
    private let items = LockedBox([Element]())
    private let wake: FrameWake

    public init(wake: FrameWake = .shared) { self.wake = wake }

    /// Hands `element` over and wakes a sleeping host. Any thread.
    public func post(_ element: Element) {
        items.withLock { $0.append(element) }
        wake.signal()
    }

    /// Every element posted since the last call, in order. The consumer's thread.
    public func takeAll() -> [Element] { items.takeAll() }
}
