/// Reads what `RecordWriter` wrote, checking every bound: a damaged row becomes a thrown
/// `Corruption`, never a trap or an unbounded allocation.
struct RecordReader {
    /// Why a record could not be read.
    struct Corruption: Error, Sendable {
        let reason: String
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func byte() throws(Corruption) -> UInt8 {
        guard index < bytes.count else { throw Corruption(reason: "record ends early at byte \(index)") }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func varint() throws(Corruption) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw Corruption(reason: "varint longer than 64 bits at byte \(index)") }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func signed() throws(Corruption) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func count() throws(Corruption) -> Int {
        let raw = try varint()
        guard raw <= UInt64(Int.max) else { throw Corruption(reason: "count \(raw) out of range") }
        return Int(raw)
    }

    mutating func string() throws(Corruption) -> String {
        let length = try count()
        guard length <= bytes.count - index else {
            throw Corruption(reason: "string of \(length) bytes overruns the record at byte \(index)")
        }
        defer { index += length }
        return String(decoding: bytes[index..<(index + length)], as: UTF8.self)
    }

    mutating func optionalString() throws(Corruption) -> String? {
        switch try byte() {
        case 0: return nil
        case 1: return try string()
        case let tag: throw Corruption(reason: "bad optional tag \(tag) at byte \(index - 1)")
        }
    }

    mutating func optionalCount() throws(Corruption) -> Int? {
        let raw = try varint()
        guard raw != 0 else { return nil }
        guard raw - 1 <= UInt64(Int.max) else { throw Corruption(reason: "count \(raw) out of range") }
        return Int(raw - 1)
    }
}
