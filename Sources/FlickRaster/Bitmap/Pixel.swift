/// One premultiplied ARGB32 pixel as Cairo stores it (a native-endian 32-bit word, so the
/// bytes in memory are B, G, R, A on little-endian machines).
public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    public var alpha: UInt8
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(alpha: UInt8, red: UInt8, green: UInt8, blue: UInt8) {
        self.alpha = alpha
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(word: UInt32) {
        self.init(
            alpha: UInt8(truncatingIfNeeded: word >> 24), red: UInt8(truncatingIfNeeded: word >> 16),
            green: UInt8(truncatingIfNeeded: word >> 8), blue: UInt8(truncatingIfNeeded: word))
    }

    var word: UInt32 {
        UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// The largest difference between any two channels of `self` and `other`.
    public func maxChannelDifference(to other: Pixel) -> Int {
        max(
            abs(Int(alpha) - Int(other.alpha)), abs(Int(red) - Int(other.red)),
            abs(Int(green) - Int(other.green)), abs(Int(blue) - Int(other.blue)))
    }

    public var description: String { "argb(\(alpha),\(red),\(green),\(blue))" }
}
