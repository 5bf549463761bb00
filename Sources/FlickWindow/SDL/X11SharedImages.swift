import CSDL2
import Dispatch
import FlickCore
import FlickList

/// Three MIT-SHM images the size of the window, presented on a connection and a thread of their
/// own: the main thread composes a frame into one image while the X server still copies the
/// previous frames from the others, instead of waiting for the server's round trip in
/// `SDL_UpdateWindowSurface` (`XShmPutImage` then `XSync`). On a loaded machine that wait
/// was most of the software path's worst frames: the server must be scheduled to answer.
///
/// An image is written again only after the server has finished reading it (`waitUntilFree`),
/// so frames never tear; if the server falls two frames behind, the main thread waits there and
/// the wait is counted in its frame time. How long the server took to take each frame (hand-off
/// to its completion event) and how long from the frame's start until then are recorded
/// (`takePresented`), so a starved server shows in the report even when the main thread did not
/// wait for it.
///
/// Main thread for everything but `present`'s work, which runs on `queue`; the X connection is
/// used by one thread at a time (Xlib without `XInitThreads`).
final class X11SharedImages: @unchecked Sendable {
    struct Image {
        let image: UnsafeMutablePointer<XImage>
        /// At a fixed address: the image keeps a pointer to it (`obdata`) for every put.
        let segment: UnsafeMutablePointer<XShmSegmentInfo>
        let pixels: UnsafeMutableRawPointer
    }

    let size: PixelSize
    let pitch: Int
    /// Whether pixels are ARGB (a 32-bit visual with alpha) rather than xRGB.
    let hasAlpha: Bool
    private let display: OpaquePointer
    private let window: Window
    private let gc: GC
    private var images: [Image] = []
    private let queue = DispatchQueue(label: "flick.window.present", qos: .userInteractive)
    /// Images kept: 3 lets the server fall two frames behind a frame's hand-off before the main
    /// thread waits (with 2, a server scheduled a few ms late already blocked the next frame).
    static let count = 3
    private let inFlight = (0..<X11SharedImages.count).map { _ in DispatchSemaphore(value: 1) }
    private let presented = LockedBox<[CompletedPresent]>([])

    /// Set by the error handler while images are attached (a remote display refuses SHM).
    nonisolated(unsafe) private static var attachFailed = false

    /// `nil` when the window is not on X11, the server has no MIT-SHM, or attaching fails.
    init?(sdlWindow: OpaquePointer) {
        var info = SDL_SysWMinfo()
        SDL_GetVersion(&info.version)
        guard SDL_GetWindowWMInfo(sdlWindow, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11 else { return nil }
        let window = info.info.x11.window
        guard let display = XOpenDisplay(nil) else { return nil }
        var attributes = XWindowAttributes()
        guard XShmQueryExtension(display) != 0, XGetWindowAttributes(display, window, &attributes) != 0,
            attributes.depth == 24 || attributes.depth == 32
        else {
            XCloseDisplay(display)
            return nil
        }
        self.display = display
        self.window = window
        size = PixelSize(width: Int(attributes.width), height: Int(attributes.height))
        hasAlpha = attributes.depth == 32
        gc = XCreateGC(display, window, 0, nil)
        var made: [Image] = []
        var pitch = 0
        for _ in 0..<Self.count {
            guard let image = Self.makeImage(display, visual: attributes.visual, depth: UInt32(attributes.depth), size: size) else { break }
            pitch = Int(image.image.pointee.bytes_per_line)
            made.append(image)
        }
        self.pitch = pitch
        images = made
        guard made.count == Self.count, !size.isEmpty else {
            release()
            return nil
        }
    }

    private static func makeImage(_ display: OpaquePointer, visual: UnsafeMutablePointer<Visual>?, depth: UInt32, size: PixelSize) -> Image? {
        let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        segment.initialize(to: XShmSegmentInfo())
        guard !size.isEmpty,
            let image = XShmCreateImage(display, visual, depth, ZPixmap, nil, segment, UInt32(size.width), UInt32(size.height))
        else {
            segment.deallocate()
            return nil
        }
        let layoutOK = image.pointee.bits_per_pixel == 32 && image.pointee.red_mask == 0xFF0000 && image.pointee.blue_mask == 0xFF
        let bytes = Int(image.pointee.bytes_per_line) * size.height
        segment.pointee.shmid = layoutOK ? shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600) : -1
        let address = segment.pointee.shmid >= 0 ? shmat(segment.pointee.shmid, nil, 0) : nil
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            if segment.pointee.shmid >= 0 { shmctl(segment.pointee.shmid, IPC_RMID, nil) }
            destroy(image)
            segment.deallocate()
            return nil
        }
        segment.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        segment.pointee.readOnly = 0
        image.pointee.data = segment.pointee.shmaddr
        attachFailed = false
        let previous = XSetErrorHandler { _, _ in
            X11SharedImages.attachFailed = true
            return 0
        }
        let attached = XShmAttach(display, segment)
        XSync(display, 0)
        XSetErrorHandler(previous)
        // Marked for removal now: the segment goes when both sides detach (or this process dies).
        shmctl(segment.pointee.shmid, IPC_RMID, nil)
        guard attached != 0, !attachFailed else {
            shmdt(address)
            image.pointee.data = nil
            destroy(image)
            segment.deallocate()
            return nil
        }
        return Image(image: image, segment: segment, pixels: address)
    }

    private static func destroy(_ image: UnsafeMutablePointer<XImage>) {
        _ = image.pointee.f.destroy_image?(image)
    }

    /// The pixels of image `index` (0 ..< `count`).
    func pixels(_ index: Int) -> UnsafeMutableRawPointer { images[index].pixels }

    /// Blocks until the server has read image `index` (its last present finished). Main thread.
    func waitUntilFree(_ index: Int) {
        inFlight[index].wait()
        inFlight[index].signal()
    }

    /// Sends `rects` of image `index` to the window on the present thread and returns at once.
    /// The last put asks for the server's completion event; the present thread waits for it,
    /// so the image is free again, and when the server completed the put is known exactly.
    /// `frameStart` (uptime nanoseconds) is when the frame's work began; `hold` ends at the
    /// completion (or at once when the rects are empty).
    func present(_ index: Int, rects: [PixelRect], frameStart: UInt64, until hold: PresentHold) {
        guard !rects.isEmpty else { return }
        inFlight[index].wait()
        let handOff = DispatchTime.now().uptimeNanoseconds
        queue.async { [self] in
            let image = images[index].image
            for (number, rect) in rects.enumerated() {
                XShmPutImage(
                    display, window, gc, image, Int32(rect.x), Int32(rect.y), Int32(rect.x), Int32(rect.y), UInt32(rect.width),
                    UInt32(rect.height), number == rects.count - 1 ? 1 : 0)
            }
            waitForCompletion()
            let completed = DispatchTime.now().uptimeNanoseconds
            let timing = CompletedPresent(frameStart: frameStart, handOff: handOff, completed: completed)
            presented.withLock { $0.append(timing) }
            hold.end()
            inFlight[index].signal()
        }
    }

    /// On the present thread: reads this connection's events until the put's `ShmCompletion`
    /// (the connection selects no other events; the window's belong to SDL's own).
    private func waitForCompletion() {
        let completion = XShmGetEventBase(display) + Int32(ShmCompletion)
        var event = XEvent()
        repeat { XNextEvent(display, &event) } while event.type != completion
    }

    /// How long each present took since the last call, in order. Main thread.
    func takePresented() -> [CompletedPresent] { presented.takeAll() }

    /// Waits for presents in flight, detaches and frees the images, closes the connection. Main thread.
    func release() {
        queue.sync {}
        for image in images { XShmDetach(display, image.segment) }
        XSync(display, 0)
        for image in images {
            shmdt(image.pixels)
            image.image.pointee.data = nil
            Self.destroy(image.image)
            image.segment.deallocate()
        }
        images = []
        XFreeGC(display, gc)
        XCloseDisplay(display)
    }
}

/// One present: when its frame started, when it was handed to the present thread and when the
/// X server completed the put (uptime nanoseconds).
struct CompletedPresent: Sendable, Hashable {
    let frameStart: UInt64
    let handOff: UInt64
    let completed: UInt64

    /// From the hand-off until the server completed the put, ms.
    var serverMilliseconds: Double { Double(completed - handOff) / 1e6 }
    /// From the frame's start until the server completed the put, ms.
    var presentedMilliseconds: Double { Double(completed - frameStart) / 1e6 }
}

/// Worker wake-ups held until an asynchronous present completes, ended by the present thread.
final class PresentHold: @unchecked Sendable {
    // @unchecked: `hold` is set at init and cleared once, by the present thread (`end()`).
    private var hold: HeldWakes.Hold?

    init(_ hold: consuming HeldWakes.Hold?) { self.hold = hold }

    /// Starts what the hold kept (the workers the frame asked for).
    func end() { hold = nil }
}
