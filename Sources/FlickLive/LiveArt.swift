import FlickCore
import FlickList
import FlickRaster
import FlickText
import Foundation

/// What the live timeline shows beside its rows, one value per distinct look: each is drawn
/// once on a worker and cached, so the main thread only places bitmaps. Plain value.
public enum LiveArt: Hashable, Sendable {
    /// The footer while the next older page loads: a spinner at one of `spinnerPhases` angles.
    case footerLoading(phase: Int)
    /// The footer after an older page failed: the reason and "tap to retry".
    case footerFailed(reason: String)
    /// The footer once the oldest post is shown.
    case footerEnd
    /// The header while pulling: "Pull to refresh", or "Release to refresh" once past the threshold.
    case headerPull(armed: Bool)
    /// The header held open while newer posts load.
    case headerRefreshing(phase: Int)
    /// The floating "N new posts" pill.
    case pill(count: Int)
    /// The floating offline badge: the cached timeline is shown, the server is not reachable.
    case offline

    /// Spinner frames: one per 45°.
    public static let spinnerPhases = 8

    public var placement: ListAccessory.Placement {
        switch self {
        case .footerLoading, .footerFailed, .footerEnd: .footer
        case .headerPull, .headerRefreshing: .header
        case .pill, .offline: .badge
        }
    }

    /// Footer and header height, points.
    public static let barHeight = 56.0

    /// The words shown.
    var text: String {
        switch self {
        case .footerLoading: "Loading older posts…"
        case .footerFailed(let reason): "Couldn’t load more posts — tap to retry\n" + reason
        case .footerEnd: "You’re all caught up: no older posts"
        case .headerPull(let armed): armed ? "Release to refresh" : "Pull to refresh"
        case .headerRefreshing: "Refreshing…"
        case .pill(let count): count == 1 ? "↑ 1 new post" : "↑ \(count) new posts"
        case .offline: "Offline — showing saved posts"
        }
    }

    /// What assistive technology says for it: the words without the drawn arrow.
    var accessibleLabel: String {
        switch self {
        case .pill(let count): count == 1 ? "1 new post" : "\(count) new posts"
        case .footerFailed(let reason): "Couldn’t load more posts, retry. " + reason
        default: text
        }
    }

    /// Whether a tap on it does something: the pill goes to the newest post, a failed
    /// footer retries.
    var isActionable: Bool {
        switch self {
        case .pill, .footerFailed: true
        default: false
        }
    }

    /// Draws the art `width` points wide at `scale`. Worker (Pango through `context`); nil
    /// without fonts.
    func render(width: Double, scale: DisplayScale, context: TextContext?) -> ListAccessory? {
        guard let context, width > 40 else { return nil }
        switch placement {
        case .footer, .header: return renderBar(width: width, scale: scale, context: context)
        case .badge: return renderBadge(scale: scale, context: context)
        }
    }

    private func renderBar(width: Double, scale: DisplayScale, context: TextContext) -> ListAccessory {
        let canvas = Canvas(size: Size(width: width, height: Self.barHeight), scale: scale)
        canvas.fill(canvas.bounds, Color(hex: 0xF2F2F2))
        var style = TextStyle(fontSize: 13, color: Color(hex: 0x808080), lineSpacing: 2, maxLines: 2)
        if case .footerFailed = self { style.color = Color(hex: 0xC0392B) }
        let textWidth = width - 80
        let layout = context.layout(RichText(plain: text), style: style, width: textWidth)
        let spinner = spinnerPhase
        let contentWidth = min(textWidth, layout.size.width) + (spinner == nil ? 0 : 24)
        var x = scale.round((width - contentWidth) / 2)
        let y = scale.round((Self.barHeight - layout.size.height) / 2)
        if let spinner {
            drawSpinner(in: canvas, center: Point(x: x + 8, y: Self.barHeight / 2), phase: spinner)
            x += 24
        }
        layout.draw(in: canvas, at: Point(x: x, y: y))
        return ListAccessory(bitmap: canvas.makeBitmap(), isOpaque: true, accessibleLabel: accessibleLabel, isActionable: isActionable)
    }

    private func renderBadge(scale: DisplayScale, context: TextContext) -> ListAccessory {
        let style = TextStyle(fontSize: 13, weight: .bold, color: .white, lineSpacing: 0, maxLines: 1)
        let layout = context.layout(RichText(plain: text), style: style, width: 300)
        let height = 32.0
        let size = Size(width: scale.round(layout.size.width + 32), height: height)
        let canvas = Canvas(size: size, scale: scale)
        let fill = self == .offline ? Color(hex: 0x555555, alpha: 0.92) : Color(hex: 0xEB7350)
        canvas.fillRoundedRect(canvas.bounds, radius: height / 2, fill)
        layout.draw(in: canvas, at: Point(x: 16, y: scale.round((height - layout.size.height) / 2)))
        return ListAccessory(bitmap: canvas.makeBitmap(), isOpaque: false, accessibleLabel: accessibleLabel, isActionable: isActionable)
    }

    private var spinnerPhase: Int? {
        switch self {
        case .footerLoading(let phase), .headerRefreshing(let phase): phase
        default: nil
        }
    }

    /// Eight spokes, the one at `phase` darkest, fading behind it.
    private func drawSpinner(in canvas: Canvas, center: Point, phase: Int) {
        let count = Self.spinnerPhases
        for spoke in 0..<count {
            let angle = Double(spoke) * 2 * Double.pi / Double(count)
            let age = (phase - spoke + count) % count
            let alpha = 1 - Double(age) / Double(count) * 0.85
            let inner = Point(x: center.x + 4 * cos(angle), y: center.y + 4 * sin(angle))
            let outer = Point(x: center.x + 8 * cos(angle), y: center.y + 8 * sin(angle))
            canvas.strokeLine(from: inner, to: outer, lineWidth: 2, Color(hex: 0x808080, alpha: alpha))
        }
    }
}
