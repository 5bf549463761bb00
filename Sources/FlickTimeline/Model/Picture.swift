/// One attached picture (FEED-FORMAT.md `pics[]`).
///
/// `width` and `height` are only an aspect hint so a cell can be laid out before the image
/// arrives; both are positive when present.
public struct Picture: Sendable, Hashable {
    /// Largest accepted `width`/`height`: nothing real is a million pixels wide, and a bound
    /// keeps layout arithmetic far from overflow when a feed sends absurd numbers.
    public static let maxDimension = 1_000_000

    /// Image URL, absolute or relative to the feed's location.
    public let url: String
    /// Pixel width hint, positive, at most `maxDimension`; nil when the feed gave none.
    public let width: Int?
    /// Pixel height hint, positive, at most `maxDimension`; nil when the feed gave none.
    public let height: Int?

    /// Out-of-range dimensions (≤ 0 or > `maxDimension`) become nil: the feed decoder rejects
    /// them before this point, so clamping only guards values built in code.
    public init(url: String, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.width = width.flatMap { (1...Self.maxDimension).contains($0) ? $0 : nil }
        self.height = height.flatMap { (1...Self.maxDimension).contains($0) ? $0 : nil }
    }

    /// width / height when both are known.
    public var aspectRatio: Double? {
        guard let width, let height else { return nil }
        return Double(width) / Double(height)
    }
}
