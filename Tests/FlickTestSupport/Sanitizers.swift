import Foundation

/// Whether the tests run under a sanitizer (`make sanitize` exports `TSAN_OPTIONS` or
/// `ASAN_OPTIONS`). A sanitizer replaces glibc's allocator (no `mallinfo2` figures: all zero)
/// and backs what the program touches with shadow memory and allocations of its own, so checks
/// of malloc statistics or of page faults measure the sanitizer there, not Flick; they hold
/// under `make test`.
public enum Sanitizers {
    public static var areActive: Bool { ["TSAN_OPTIONS", "ASAN_OPTIONS"].contains { ProcessInfo.processInfo.environment[$0] != nil } }
}
