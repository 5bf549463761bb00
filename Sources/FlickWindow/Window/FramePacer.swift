/// When each frame starts, for displays without a real vsync (Xvfb reports 0 Hz): frames
/// start on a fixed grid of `1 / hz` from the first, like vblanks; a frame that overruns
/// skips the grid points it missed instead of rushing to catch up. Pure; any thread.
public struct FramePacer: Sendable {
    public let interval: Double
    public let start: Double

    /// - Parameters:
    ///   - hz: frames per second, > 0.
    ///   - start: time of the first frame, seconds.
    public init(hz: Double, start: Double) {
        interval = 1 / max(1, hz)
        self.start = start
    }

    /// The start of the frame after one that started at `frameStart` and finished its work at
    /// `now`: the first grid point after `frameStart` that is not in the past.
    public func nextDeadline(frameStart: Double, now: Double) -> Double {
        let afterStart = gridPoint(atOrAfter: frameStart + interval * 0.5)
        let notPast = gridPoint(atOrAfter: now)
        return max(afterStart, notPast)
    }

    /// The first grid point at or after `time`.
    func gridPoint(atOrAfter time: Double) -> Double {
        guard time > start else { return start }
        let steps = ((time - start) / interval - 1e-9).rounded(.up)
        return start + steps * interval
    }
}
