import FlickCore
import FlickRaster
import FlickText

/// The HUD's text panels, laid out and drawn with FlickText on a worker of the window's own
/// one-queue pool (its own Pango font map), never on the main thread. A panel is redrawn
/// when its text changes, at most `minimumInterval` apart for the stats panel (its numbers
/// change every frame); the main thread only uploads the finished bitmap.
@MainActor
final class HUDText {
    enum Panel: Hashable, Sendable {
        /// FPS, frame times, rows, ranges (top left).
        case stats
        /// The bottom bar: key hint or the last tap.
        case bar
        /// The key list.
        case keys
        /// The find bar: its text and "3 of 1,204" (top right, while open).
        case find
    }

    struct Request: Hashable, Sendable {
        let lines: [String]
        let width: Double
        let scale: DisplayScale
    }

    private let pool = QueuePool<TextContext?>(queuesPerLane: 1, label: "flick.hud") { _ in try? TextContext() }
    private let mailbox = LockedBox<[Panel: (request: Request, bitmap: Bitmap)]>([:])
    private var submitted: [Panel: (request: Request, time: Double)] = [:]
    /// The latest finished bitmap of each panel.
    private(set) var bitmaps: [Panel: Bitmap] = [:]
    /// Seconds between two redraws of a panel whose text keeps changing; default 0.25 (4 per second).
    let minimumInterval = 0.25

    /// Asks for `panel` to show `lines` in a panel `width` points wide. Cheap when nothing
    /// changed; otherwise queues a render, for the stats panel unless one was queued less than
    /// `minimumInterval` ago (the others change only on input, and show it at once).
    func show(_ panel: Panel, lines: [String], width: Double, scale: DisplayScale, now: Double) {
        let request = Request(lines: lines, width: width, scale: scale)
        if let last = submitted[panel], last.request == request || panel == .stats && now - last.time < minimumInterval { return }
        submitted[panel] = (request, now)
        let mailbox = mailbox
        pool.submit(.userInitiated) { session in
            guard let bitmap = Self.render(request, context: session.context) else { return }
            mailbox.withLock { $0[panel] = (request, bitmap) }
        }
    }

    /// Whether `show` would queue a changed `panel` now (lets callers skip building its text).
    func isDue(_ panel: Panel, now: Double) -> Bool {
        guard let last = submitted[panel] else { return true }
        return now - last.time >= minimumInterval
    }

    /// Takes finished panels. Once per frame.
    func commit() {
        let ready = mailbox.withLock { box -> [Panel: (request: Request, bitmap: Bitmap)] in
            defer { box.removeAll() }
            return box
        }
        for (panel, value) in ready where submitted[panel]?.request == value.request || bitmaps[panel] == nil {
            bitmaps[panel] = value.bitmap
        }
    }

    /// Panel padding and text style: 11 pt white on translucent black.
    nonisolated static let padding = 6.0
    nonisolated static let style = TextStyle(fontSize: 11, color: .white, lineSpacing: 1)

    /// Draws one panel. Worker; `nil` without fonts.
    nonisolated static func render(_ request: Request, context: TextContext?) -> Bitmap? {
        guard let context, request.width > 2 * padding else { return nil }
        let layout = context.layout(RichText(plain: request.lines.joined(separator: "\n")), style: style, width: request.width - 2 * padding)
        let size = Size(width: request.width, height: (layout.size.height + 2 * padding).rounded(.up))
        let canvas = Canvas(size: size, scale: request.scale)
        canvas.fillRoundedRect(canvas.bounds, radius: 6, Color(hex: 0x000000, alpha: 0.66))
        layout.draw(in: canvas, at: Point(x: padding, y: padding))
        return canvas.makeBitmap()
    }
}
