import Foundation
import FlickCore
import FlickRaster

/// The small icons of a cell, drawn as vector paths into the cell bitmap (no image files, so
/// they are sharp at every scale and cost nothing to load).
public enum Icon: Hashable, Sendable, CaseIterable {
    case repost
    case comment
    case like
    case verified
    case more

    /// Points of the heart outline: enough that its curve looks smooth at 3× on a 16 pt icon.
    private static let heartSteps = 24

    /// Draws the icon fitted to `rect` (points) in `color` (for `.verified`, the badge fill),
    /// with stroke widths and the verified tick colour from `spec`. Coordinates below are the
    /// icons' shapes, as fractions of the icon side.
    public func draw(in canvas: Canvas, rect: Rect, color: Color, spec: LayoutSpec) {
        let s = min(rect.width, rect.height)
        let o = Point(x: rect.midX - s / 2, y: rect.midY - s / 2)
        func p(_ x: Double, _ y: Double) -> Point { Point(x: o.x + x * s, y: o.y + y * s) }
        let line = max(spec.iconMinimumStroke, s * spec.iconStrokeRatio)
        switch self {
        case .repost:
            // Two arrows chasing each other around a rounded loop.
            canvas.strokePath([p(0.18, 0.55), p(0.18, 0.32), p(0.78, 0.32)], lineWidth: line, color)
            canvas.fillPolygon([p(0.70, 0.18), p(0.90, 0.32), p(0.70, 0.46)], color)
            canvas.strokePath([p(0.82, 0.45), p(0.82, 0.68), p(0.22, 0.68)], lineWidth: line, color)
            canvas.fillPolygon([p(0.30, 0.54), p(0.10, 0.68), p(0.30, 0.82)], color)
        case .comment:
            // A speech bubble with a tail.
            canvas.strokeRoundedRect(
                Rect(x: o.x + 0.1 * s, y: o.y + 0.16 * s, width: 0.8 * s, height: 0.56 * s), radius: 0.14 * s,
                lineWidth: line, color)
            canvas.fillPolygon([p(0.28, 0.70), p(0.26, 0.90), p(0.46, 0.70)], color)
        case .like:
            // A heart from two circles and a point.
            let r = 0.2 * s
            canvas.strokePath(
                heart(center: Point(x: rect.midX, y: rect.midY), radius: r, steps: Self.heartSteps), lineWidth: line, closed: true,
                color)
        case .verified:
            canvas.fillEllipse(in: Rect(x: o.x, y: o.y, width: s, height: s), color)
            canvas.strokePath(
                [p(0.27, 0.52), p(0.44, 0.68), p(0.74, 0.34)],
                lineWidth: max(spec.iconMinimumStroke, s * spec.verifiedTickStrokeRatio), spec.verifiedTickColor)
        case .more:
            for x in [0.2, 0.5, 0.8] {
                canvas.fillEllipse(in: Rect(x: o.x + x * s - 0.07 * s, y: rect.midY - 0.07 * s, width: 0.14 * s, height: 0.14 * s), color)
            }
        }
    }

    /// A heart outline as a polygon: the classic parametric curve, scaled to `radius`.
    private func heart(center: Point, radius: Double, steps: Int) -> [Point] {
        (0..<steps).map { i in
            let t = Double(i) / Double(steps) * 2 * Double.pi
            let x = 16 * pow(sin(t), 3)
            let y = 13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)
            return Point(x: center.x + x / 17 * radius * 2, y: center.y - y / 17 * radius * 2 + radius * 0.2)
        }
    }
}

