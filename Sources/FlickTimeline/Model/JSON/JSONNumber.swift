/// A JSON number kept as its literal text, so integers are read exactly and absurd values
/// (`1e400`, forty-digit counts) are rejected per field rather than silently rounded.
///
/// The reader stores at most `JSONReader.Configuration.maxNumberLength` characters of a
/// literal; a longer one is marked `isOverlong` and reads as neither an integer nor a double.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal as written (possibly cut at the length limit).
    public let literal: String
    /// The literal was longer than the reader keeps.
    public let isOverlong: Bool

    public init(literal: String, isOverlong: Bool = false) {
        self.literal = literal
        self.isOverlong = isOverlong
    }

    /// The value when the literal is a plain integer (`-?digits`, no fraction or exponent)
    /// that fits in `Int`.
    public var integer: Int? {
        guard !isOverlong else { return nil }
        return Int(literal)
    }

    /// Whether the literal has a fraction or exponent part.
    public var hasFractionOrExponent: Bool {
        literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as a finite double; nil when overlong or out of `Double` range.
    public var double: Double? {
        guard !isOverlong, let value = Double(literal), value.isFinite else { return nil }
        return value
    }

    public var description: String { isOverlong ? literal + "…" : literal }
}
