/// FNV-1a, 64-bit: stable across runs and machines (Swift's `Hasher` is seeded per process),
/// for disk cache names and checksums. Not cryptographic: it guards against accidents
/// (truncated writes, bit rot), not against someone crafting collisions.
enum StableHash {
    static func fnv1a<Bytes: Sequence>(_ bytes: Bytes, basis: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// 128 bits as 32 hex digits: a file name that reveals nothing of the URL and never
    /// contains a path separator.
    static func fileName(for key: String) -> String {
        let utf8 = Array(key.utf8)
        let high = fnv1a(utf8)
        let low = fnv1a(utf8, basis: 0x8422_2325_cbf2_9ce4 ^ UInt64(utf8.count))
        return hex(high) + hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
