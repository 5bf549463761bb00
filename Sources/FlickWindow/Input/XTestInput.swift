import CSDL2
import Dispatch
import FlickCore
import Foundation

/// Key presses made by the X server's XTest extension, as a keyboard's would arrive: through
/// the server, SDL's queue and the window's own key path. For measuring input latency
/// (`InputLatencyProbe`); libXtst is opened at run time (Debian's libxtst6, no headers needed).
/// One connection of its own; any one thread at a time.
public final class XTestInput: @unchecked Sendable {
    // @unchecked: the connection is used by one thread at a time (the caller's), as Xlib wants.
    private typealias FakeKey = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    private let display: OpaquePointer
    private let fakeKey: FakeKey

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Opens the display in `DISPLAY` and libXtst.
    public init() throws(Failure) {
        guard let library = dlopen("libXtst.so.6", RTLD_NOW) else {
            throw Failure(description: "libXtst.so.6 cannot be opened (Debian's libxtst6; make setup installs it)")
        }
        guard let symbol = dlsym(library, "XTestFakeKeyEvent") else { throw Failure(description: "libXtst has no XTestFakeKeyEvent") }
        guard let display = XOpenDisplay(nil) else { throw Failure(description: "no X display to send keys to (DISPLAY)") }
        self.display = display
        fakeKey = unsafeBitCast(symbol, to: FakeKey.self)
    }

    deinit { XCloseDisplay(display) }

    /// Gives the input focus to X window `window` (the SDL window's), and waits for the server.
    public func focus(window: UInt) {
        XSetInputFocus(display, Window(window), RevertToParent, UInt(CurrentTime))
        XSync(display, 0)
    }

    /// Presses and releases the key with X keysym `keysym` (0xFF54 is Down). Returns when the
    /// press was sent to the server (just before the request: the server may deliver it before
    /// this thread hears back), uptime nanoseconds.
    /// With `window`, gives it the input focus first (another window may have taken it).
    @discardableResult
    public func press(keysym: UInt, focusing window: UInt? = nil) -> UInt64 {
        if let window { focus(window: window) }
        let code = UInt32(XKeysymToKeycode(display, KeySym(keysym)))
        let sent = DispatchTime.now().uptimeNanoseconds
        _ = fakeKey(display, code, 1, 0)
        XSync(display, 0)
        _ = fakeKey(display, code, 0, 0)
        XSync(display, 0)
        return sent
    }
}

/// Input latency: from an input's arrival at the X server to the present of the first frame
/// that handled input after it (the frame that reflects it), completed by the server. The
/// sender notes each input (`noteSent`), the window each frame that handled input and each
/// completed present (`ListWindow.inputProbe`). Any thread.
public final class InputLatencyProbe: Sendable {
    private struct State: Sendable {
        var sent: [UInt64] = []
        /// Frames that handled input: their start, and when their present completed.
        var frames: [(start: UInt64, presented: UInt64?)] = []
    }

    private let state = LockedBox(State())

    public init() {}

    /// An input reached the X server at `uptimeNanoseconds`. Any thread.
    public func noteSent(_ uptimeNanoseconds: UInt64) { state.withLock { $0.sent.append(uptimeNanoseconds) } }

    func noteInputFrame(start: UInt64) { state.withLock { $0.frames.append((start, nil)) } }

    func notePresented(frameStart: UInt64, completed: UInt64) {
        state.withLock { state in
            if let index = state.frames.lastIndex(where: { $0.start == frameStart }) { state.frames[index].presented = completed }
        }
    }

    /// Each input's latency, ms: to the completed present of the first input frame that started
    /// at or after it. Inputs with no such frame are left out.
    public var milliseconds: [Double] {
        state.withLock { state in
            state.sent.compactMap { sent in
                guard let frame = state.frames.first(where: { $0.start >= sent }), let presented = frame.presented else { return nil }
                return Double(presented - sent) / 1e6
            }
        }
    }
}
