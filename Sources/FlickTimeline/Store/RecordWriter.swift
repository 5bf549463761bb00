/// Appends the compact binary form of posts stored in the `posts.body` column: LEB128
/// varints, zigzag for signed values, strings as length + UTF-8. About half the size of the
/// JSON and decoded without a parser (reading 50 rows is a memcpy-scale job).
struct RecordWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func count(_ value: Int) {
        varint(UInt64(max(0, value)))
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optionalString(_ value: String?) {
        guard let value else { return byte(0) }
        byte(1)
        string(value)
    }

    /// nil → 0, otherwise value + 1 (values here are ≥ 1).
    mutating func optionalCount(_ value: Int?) {
        varint(value.map { UInt64($0) + 1 } ?? 0)
    }
}
