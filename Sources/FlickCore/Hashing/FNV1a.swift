/// FNV-1a, 64-bit: a hash that is the same on every run and machine (Swift's `Hasher` is
/// seeded per process), for values that outlive the process: disk cache file names and
/// checksums, content versions stored in SQLite. Not cryptographic: it guards against
/// accidents (truncated writes, bit rot, stale layouts), not against crafted collisions.
///
/// A value type with no shared state: use it on any thread. Its outputs are persisted, so the
/// constants and the byte order fed in must never change.
public struct FNV1a: Sendable, Hashable {
    /// The standard 64-bit offset basis (the start value).
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The standard 64-bit FNV prime.
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of every byte combined so far.
    public private(set) var value: UInt64

    /// Starts at `basis` (the standard offset basis unless a caller wants a second,
    /// independent hash of the same bytes).
    public init(basis: UInt64 = FNV1a.offsetBasis) {
        value = basis
    }

    public mutating func combine(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    /// Combines `bytes` in order. One call per buffer, not per byte: the loop stays fast in
    /// debug builds, where a call per byte would dominate.
    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* Self.prime }
        value = hash
    }

    public mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine($0) }
    }

    /// The hash of `bytes` from `basis`.
    public static func hash(_ bytes: [UInt8], basis: UInt64 = FNV1a.offsetBasis) -> UInt64 {
        var hasher = FNV1a(basis: basis)
        hasher.combine(bytes)
        return hasher.value
    }
}
