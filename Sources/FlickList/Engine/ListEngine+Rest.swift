import FlickCore

/// Rest: when another frame would show what the last one showed, a host runs none.
///
/// The engine is at rest when nothing moves or animates and nothing waits for the next frame
/// (changes, a snapshot's diff, a scroll still aiming). Work still running off the main thread
/// (rows drawn ahead, pages and images loading) does not keep it awake: each result signals
/// `FrameWake` when it lands, and a host sleeping at rest runs the frame that takes it. A client
/// that changes the list on the clock (a poll, a spinner, a streamed message) asks for the
/// frame it needs with `requestFrame(at:)`. Main thread.
extension ListEngine {
    /// Whether another frame now would change nothing, with no result waiting to be taken
    /// (`FrameWake` tells of those). Main thread.
    public var isAtRest: Bool {
        physics.phase == .idle && animations.isEmpty && pendingChanges.isEmpty && pendingSnapshot == nil && pendingScroll == nil
            && scrollTarget == nil
    }

    /// Asks for a frame at `time` (seconds, the frame clock's): a host at rest sleeps no longer
    /// than until then. The earliest asked for wins; the frame at or after it clears it. Main
    /// thread.
    public func requestFrame(at time: Double) {
        requestedFrameTime = min(requestedFrameTime ?? time, time)
    }
}
