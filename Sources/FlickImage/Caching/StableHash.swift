import FlickCore

/// Stable names and checksums for the disk cache (FNV-1a 64, `FlickCore.FNV1a`): the same on
/// every run, since file names and checksums are persisted. Any thread.
enum StableHash {
    /// The 64-bit FNV-1a of `bytes` from `basis`: a disk entry's checksum.
    static func fnv1a(_ bytes: [UInt8], basis: UInt64 = FNV1a.offsetBasis) -> UInt64 {
        FNV1a.hash(bytes, basis: basis)
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
