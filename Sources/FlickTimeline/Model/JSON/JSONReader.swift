import Foundation

/// An incremental JSON reader over `JSONByteInput`: reads or skips one value at a time, so a
/// caller can walk a huge document and materialize only the parts it wants (one post).
///
/// Bounded by construction: nesting deeper than `maxDepth` is an error (the reader recurses
/// once per level), a value being built stops growing past its byte budget (the rest is
/// still validated but not kept), number literals keep at most `maxNumberLength` characters
/// and keys at most `maxKeyLength` bytes. Errors carry the line and column of the offending byte.
struct JSONReader {
    var input: JSONByteInput
    let maxDepth: Int
    let maxNumberLength: Int
    let maxKeyLength: Int
    /// Bytes the value being built may still take; negative once exceeded (skip mode).
    private var budget = Int.max
    /// Bytes of the string last scanned (reused to avoid an allocation per string).
    var scratch: [UInt8] = []
    /// Lone UTF-16 surrogates (`\ud83d` without its pair) replaced by U+FFFD so far, kept
    /// strings and skipped ones alike: the feed reader compares it around each post to warn.
    var replacedSurrogates = 0

    init(input: JSONByteInput, maxDepth: Int, maxNumberLength: Int, maxKeyLength: Int = 1024) {
        self.input = input
        self.maxDepth = maxDepth
        self.maxNumberLength = maxNumberLength
        self.maxKeyLength = maxKeyLength
    }

    private var building: Bool { budget >= 0 }

    /// An `invalidJSON` error at the next unread byte.
    func error(_ reason: String) -> FeedDecoder.Error {
        .invalidJSON(line: input.line, column: input.column, reason: reason)
    }

    /// Skips whitespace and returns the next byte without consuming it (nil at end).
    mutating func peekToken() throws(FeedDecoder.Error) -> UInt8? {
        while let byte = try input.peek() {
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            input.advance()
        }
        return nil
    }

    /// Consumes `byte` (after whitespace) or throws "expected `what`".
    mutating func expect(_ byte: UInt8, _ what: String) throws(FeedDecoder.Error) {
        let next = try peekToken()
        guard next == byte else { throw unexpected(next, expected: what) }
        input.advance()
    }

    /// Throws unless only whitespace remains.
    mutating func expectEnd() throws(FeedDecoder.Error) {
        if let byte = try peekToken() {
            throw error("unexpected \(Self.describe(byte)) after the end of the JSON document")
        }
    }

    /// The error for finding `byte` (nil = end of input) where `expected` should be.
    func unexpected(_ byte: UInt8?, expected: String) -> FeedDecoder.Error {
        guard let byte else { return error("unexpected end of input, expected \(expected)") }
        return error("expected \(expected), found \(Self.describe(byte))")
    }

    /// Reads an object key (the opening quote next). A key longer than `maxKeyLength` reads
    /// as "" (no known field is that long, so it is ignored like any unknown key).
    mutating func readKey() throws(FeedDecoder.Error) -> String {
        let next = try peekToken()
        guard next == UInt8(ascii: "\"") else { throw unexpected(next, expected: "a string key") }
        try scanString(keepingAtMost: maxKeyLength)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Reads the next value, keeping at most about `budget` bytes of it.
    /// - Returns: the value, or nil when it outgrew the budget (it was still fully validated).
    mutating func readValue(depth: Int, budget: Int) throws(FeedDecoder.Error) -> JSONValue? {
        self.budget = budget
        defer { self.budget = Int.max }
        let value = try value(depth: depth)
        return building ? value : nil
    }

    /// Validates and discards the next value; returns its type for messages ("an array").
    mutating func skipValue(depth: Int) throws(FeedDecoder.Error) -> String {
        budget = -1
        defer { budget = Int.max }
        return try value(depth: depth).typeDescription
    }

    private mutating func charge(_ bytes: Int) {
        guard building else { return }
        budget = bytes > budget ? -1 : budget - bytes
    }

    /// Reads one value. In skip mode it returns empty shells of the right type.
    private mutating func value(depth: Int) throws(FeedDecoder.Error) -> JSONValue {
        guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        guard let byte = try peekToken() else { throw unexpected(nil, expected: "a value") }
        charge(16)
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""):
            guard building else {
                try scanString(keepingAtMost: 0)
                return .string("")
            }
            guard try scanString(keepingAtMost: budget) else {
                budget = -1
                return .string("")
            }
            charge(scratch.count)
            return building ? .string(String(decoding: scratch, as: UTF8.self)) : .string("")
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw unexpected(byte, expected: "a value")
        }
    }

    private mutating func object(depth: Int) throws(FeedDecoder.Error) -> JSONValue {
        input.advance()  // {
        var members: [JSONMember] = []
        if try peekToken() == UInt8(ascii: "}") {
            input.advance()
            return .object(members)
        }
        while true {
            let key = try readKey()
            charge(key.utf8.count)
            try expect(UInt8(ascii: ":"), "':' after an object key")
            let member = try value(depth: depth + 1)
            if building { members.append(JSONMember(key: key, value: member)) }
            let next = try peekToken()
            switch next {
            case UInt8(ascii: ","): input.advance()
            case UInt8(ascii: "}"):
                input.advance()
                return .object(building ? members : [])
            default: throw unexpected(next, expected: "',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws(FeedDecoder.Error) -> JSONValue {
        input.advance()  // [
        var elements: [JSONValue] = []
        if try peekToken() == UInt8(ascii: "]") {
            input.advance()
            return .array(elements)
        }
        while true {
            let element = try value(depth: depth + 1)
            if building { elements.append(element) }
            let next = try peekToken()
            switch next {
            case UInt8(ascii: ","): input.advance()
            case UInt8(ascii: "]"):
                input.advance()
                return .array(building ? elements : [])
            default: throw unexpected(next, expected: "',' or ']' in an array")
            }
        }
    }

    private mutating func literal(_ word: StaticString, _ result: JSONValue) throws(FeedDecoder.Error) -> JSONValue {
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in bytes {
            let byte = try input.peek()
            guard byte == expected else {
                throw byte == nil
                    ? unexpected(nil, expected: "'\(word)'") : error("invalid literal, expected '\(word)'")
            }
            input.advance()
        }
        return result
    }
}
