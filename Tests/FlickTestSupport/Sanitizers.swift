import Foundation

/// Whether the tests run under a sanitizer (`make sanitize` exports `TSAN_OPTIONS` or
/// `ASAN_OPTIONS`). A sanitizer replaces glibc's allocator (no `mallinfo2` figures: all zero)
/// and backs what the program touches with shadow memory and allocations of its own, so checks
/// of malloc statistics or of page faults measure the sanitizer there, not Flick; they hold
/// under `make test`.
public enum Sanitizers {
    public static var areActive: Bool { ["TSAN_OPTIONS", "ASAN_OPTIONS"].contains { ProcessInfo.processInfo.environment[$0] != nil } }

    /// A peak-memory bound of `megabytes` as a test holds a process to: doubled under a
    /// sanitizer, whose shadow memory, redzones and quarantine of freed blocks (AddressSanitizer
    /// keeps up to 256 MB) count in the resident size (a 300 MB bound was met at 304 MB under
    /// ASan). Still far below what an unbounded body reaches (18 GB before issue 30's fix);
    /// the plain `make test` holds the real bound.
    public static func memoryBound(_ megabytes: Double) -> Double { areActive ? megabytes * 2 : megabytes }
}
