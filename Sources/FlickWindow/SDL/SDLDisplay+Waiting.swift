import CSDL2
import FlickCore

/// Sleeping at rest: the window waits in SDL's queue for input, or for a wake event another
/// thread pushes when a result lands (`FrameWake`).
extension SDLDisplay {
    /// The event type of wakes: registered once per process, ignored by `pollEvents`.
    nonisolated static let wakeEventType: UInt32 = SDL_RegisterEvents(1)

    /// Waits until an event is queued (left there for `pollEvents`) or `timeout` seconds pass
    /// (nil: no limit). SDL 2.0.16+ blocks on the X connection and its wake pipe here, with no
    /// polling. Main thread.
    /// - Returns: whether an event came.
    @discardableResult
    public func waitForEvent(timeout: Double?) -> Bool {
        guard let timeout else { return SDL_WaitEvent(nil) != 0 }
        let milliseconds = Int32(min(max(0, timeout * 1000).rounded(.up), Double(Int32.max)))
        return SDL_WaitEventTimeout(nil, milliseconds) != 0
    }

    /// Ends a `waitForEvent` in progress (or the next one). Any thread: SDL's queue is locked.
    nonisolated public static func pushWake() {
        var event = SDL_Event()
        event.type = wakeEventType
        _ = SDL_PushEvent(&event)
    }
}
