/// Device pixels per point (1 for a classic display, 2 and 3 for dense ones).
///
/// Every frame Flick places on screen goes through the alignment helpers here, so
/// edges land on whole device pixels and nothing is resampled by the compositor
/// (seed 004 §6: misaligned frames cost a blend and look blurry).
public struct DisplayScale: Hashable, Sendable, CustomStringConvertible {
    public let value: Double

    /// - Precondition: `value` is finite and > 0.
    public init(_ value: Double) {
        precondition(value.isFinite && value > 0, "display scale must be a positive number, got \(value)")
        self.value = value
    }

    public static let one = DisplayScale(1)
    public static let two = DisplayScale(2)
    public static let three = DisplayScale(3)

    public var description: String { "@\(value)x" }

    /// The nearest device-pixel boundary to `points`, in points. An exact half pixel goes
    /// up (towards +∞) on both sides of zero, so moving a rect by whole pixels, e.g. scrolling
    /// it above the top, never changes its rounded size.
    public func round(_ points: Double) -> Double { Self.roundedHalfUp(points * value) / value }

    /// The device-pixel boundary at or below `points`, in points.
    public func floor(_ points: Double) -> Double { snapped(points, .down) }

    /// The device-pixel boundary at or above `points`, in points.
    public func ceil(_ points: Double) -> Double { snapped(points, .up) }

    /// Whether `points` already lies on a device-pixel boundary (within float noise).
    public func isAligned(_ points: Double) -> Bool {
        let pixels = points * value
        return abs(pixels - pixels.rounded()) < Self.tolerance
    }

    /// Points → whole pixels, rounding to nearest (exact halves up, as `round`).
    public func pixels(_ points: Double) -> Int { Int(Self.roundedHalfUp(points * value)) }

    /// Whole pixels for a size in points, each side rounded up so content is never cut.
    public func pixelSize(_ size: Size) -> PixelSize {
        PixelSize(width: pixelsCeil(size.width), height: pixelsCeil(size.height))
    }

    /// The size in points of `pixels` at this scale.
    public func points(_ pixels: PixelSize) -> Size {
        Size(width: Double(pixels.width) / value, height: Double(pixels.height) / value)
    }

    /// Float noise below this many pixels is treated as aligned (1/1000 px).
    static let tolerance = 1e-3

    /// Nearest whole number, halves towards +∞. `rounded()` sends halves away from zero, which
    /// made -0.5…9.5 px 11 px tall but 0.5…10.5 px 10 px. A half give or take float noise
    /// (`tolerance`) counts as a half, so 1/6 pt at @3x rounds the same way wherever it is.
    private static func roundedHalfUp(_ pixels: Double) -> Double { (pixels + 0.5 + tolerance).rounded(.down) }

    private func pixelsCeil(_ points: Double) -> Int {
        let pixels = points * value
        // 100.0000001 px from float noise must not become 101.
        return Int((pixels - Self.tolerance).rounded(.up))
    }

    private func snapped(_ points: Double, _ rule: FloatingPointRoundingRule) -> Double {
        let pixels = points * value
        let nearest = pixels.rounded()
        if abs(pixels - nearest) < Self.tolerance { return nearest / value }
        return pixels.rounded(rule) / value
    }
}
