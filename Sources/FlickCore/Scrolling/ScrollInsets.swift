/// Space a scroll view lets the content rest in beyond its ends, points (UIScrollView's
/// `contentInset`): `top` above the first row (a pull-to-refresh header held open while it
/// loads), `bottom` below the last (a paging footer). Plain value.
public struct ScrollInsets: Sendable, Hashable {
    public var top: Double
    public var bottom: Double

    /// - Precondition: both are finite and ≥ 0.
    public init(top: Double = 0, bottom: Double = 0) {
        precondition(top.isFinite && top >= 0 && bottom.isFinite && bottom >= 0, "insets must be finite and ≥ 0")
        self.top = top
        self.bottom = bottom
    }
}
