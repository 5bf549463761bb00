/// Strings and numbers: the two tokens with inner grammar.
extension JSONReader {
    /// Consumes a string (opening quote next) into `scratch`, keeping at most `limit` bytes
    /// of its decoded UTF-8 but validating all of it. Lone surrogates become U+FFFD and are
    /// counted in `replacedSurrogates`, so the caller can warn about the value they were in.
    /// - Returns: false when the string was longer than `limit` (`scratch` is then empty); a
    ///   non-empty string never fits a `limit` of 0.
    @discardableResult
    mutating func scanString(keepingAtMost limit: Int) throws(FeedDecoder.Error) -> Bool {
        input.advance()  // "
        scratch.removeAll(keepingCapacity: true)
        var keep = limit > 0
        var fits = true
        while true {
            guard let byte = try input.peek() else { throw unexpected(nil, expected: "'\"' to close a string") }
            switch byte {
            case UInt8(ascii: "\""):
                input.advance()
                return fits
            case UInt8(ascii: "\\"):
                input.advance()
                try escape(keep: keep)
                if limit <= 0 { fits = false }  // a budget of 0 keeps nothing: say so
            case 0..<0x20:
                throw error("control character U+\(Self.hex(UInt32(byte), width: 4)) in a string must be escaped")
            default:
                input.advance()
                if keep { scratch.append(byte) } else if limit <= 0 { fits = false }
            }
            if keep, scratch.count > limit {
                keep = false
                fits = false
                scratch.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The escape after a backslash (next byte), appended to `scratch` when `keep`.
    ///
    /// `\u` escapes are UTF-16: a high surrogate followed by `\u` and a low one is one scalar.
    /// Anything else leaves the surrogate lone (an emoji cut in half by a UTF-16 truncation is
    /// common in real feeds): it becomes U+FFFD and whatever follows is read as usual — another
    /// escape (`"\ud83d\n"`), the closing quote, a second high surrogate that may itself start a
    /// pair (`"\ud83d\ud83d\ude00"` keeps the 😀), or a plain `\u0041`, which is kept.
    private mutating func escape(keep: Bool) throws(FeedDecoder.Error) {
        guard let byte = try input.peek() else { throw unexpected(nil, expected: "an escape character") }
        if let simple = Self.simpleEscape(byte) {
            input.advance()
            if keep { append(simple) }
            return
        }
        guard byte == UInt8(ascii: "u") else {
            throw error("invalid escape '\\\(Self.describeBare(byte))' in a string")
        }
        input.advance()
        var unit = try hexQuad()
        while true {
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate must be followed by `\u` and a low one; otherwise it is lone.
                guard try input.peek() == UInt8(ascii: "\\") else { return replaceLoneSurrogate(keep: keep) }
                input.advance()
                guard try input.peek() == UInt8(ascii: "u") else {
                    replaceLoneSurrogate(keep: keep)
                    return try escape(keep: keep)  // a simple escape (not `\u`): one level at most
                }
                input.advance()
                let next = try hexQuad()
                guard (0xDC00...0xDFFF).contains(next) else {
                    replaceLoneSurrogate(keep: keep)
                    unit = next  // read the second unit on its own
                    continue
                }
                if keep { append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (next - 0xDC00))!) }
                return
            case 0xDC00...0xDFFF:
                return replaceLoneSurrogate(keep: keep)
            default:
                if keep { append(Unicode.Scalar(unit)!) }  // below 0xD800 or above 0xDFFF: a scalar
                return
            }
        }
    }

    private mutating func replaceLoneSurrogate(keep: Bool) {
        replacedSurrogates += 1
        if keep { append("\u{FFFD}") }
    }

    /// The scalar a one-character escape stands for, or nil (`\u`, or not an escape).
    private static func simpleEscape(_ byte: UInt8) -> Unicode.Scalar? {
        switch byte {
        case UInt8(ascii: "\""): "\""
        case UInt8(ascii: "\\"): "\\"
        case UInt8(ascii: "/"): "/"
        case UInt8(ascii: "b"): "\u{08}"
        case UInt8(ascii: "f"): "\u{0C}"
        case UInt8(ascii: "n"): "\n"
        case UInt8(ascii: "r"): "\r"
        case UInt8(ascii: "t"): "\t"
        default: nil
        }
    }

    private mutating func hexQuad() throws(FeedDecoder.Error) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try input.peek() else { throw unexpected(nil, expected: "four hex digits after '\\u'") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after '\\u', found \(Self.describe(byte))")
            }
            value = value << 4 | digit
            input.advance()
        }
        return value
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        UTF8.encode(scalar) { scratch.append($0) }
    }

    /// Consumes a number per the JSON grammar, keeping `maxNumberLength` characters of it.
    mutating func number() throws(FeedDecoder.Error) -> JSONValue {
        var literal = NumberLiteral(limit: maxNumberLength)
        if try input.peek() == UInt8(ascii: "-") {
            literal.take(UInt8(ascii: "-"))
            input.advance()
        }
        guard let first = try input.peek(), Self.isDigit(first) else {
            throw unexpected(try input.peek(), expected: "a digit")
        }
        literal.take(first)
        input.advance()
        if first != UInt8(ascii: "0") {
            while let byte = try input.peek(), Self.isDigit(byte) {
                literal.take(byte)
                input.advance()
            }
        }
        if try input.peek() == UInt8(ascii: ".") {
            literal.take(UInt8(ascii: "."))
            input.advance()
            try digits(into: &literal, after: "'.'")
        }
        if let byte = try input.peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            literal.take(byte)
            input.advance()
            if let sign = try input.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                literal.take(sign)
                input.advance()
            }
            try digits(into: &literal, after: "an exponent")
        }
        let text = String(decoding: literal.bytes, as: UTF8.self)
        return .number(JSONNumber(literal: text, isOverlong: literal.overlong))
    }

    private mutating func digits(into literal: inout NumberLiteral, after what: String) throws(FeedDecoder.Error) {
        guard let first = try input.peek(), Self.isDigit(first) else {
            throw unexpected(try input.peek(), expected: "a digit after \(what)")
        }
        while let byte = try input.peek(), Self.isDigit(byte) {
            literal.take(byte)
            input.advance()
        }
    }

    /// The kept prefix of a number literal.
    private struct NumberLiteral {
        let limit: Int
        var bytes: [UInt8] = []
        var overlong = false

        init(limit: Int) { self.limit = limit }

        mutating func take(_ byte: UInt8) {
            if bytes.count < limit { bytes.append(byte) } else { overlong = true }
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// `'x'` for printable ASCII, `byte 0xNN` otherwise: for messages.
    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(UInt32(byte), width: 2))"
    }

    private static func describeBare(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "0x\(hex(UInt32(byte), width: 2))"
    }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
