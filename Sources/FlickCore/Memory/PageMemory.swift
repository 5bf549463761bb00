import CFlickSys

#if canImport(Glibc)
import Glibc
#endif

/// Memory mapped straight from the kernel, page by page, for large buffers (row bitmaps,
/// decoded images) whose lifetime follows scrolling: unmapping gives every page back to the
/// system at once, where malloc would keep a freed megabyte inside a thread's arena (resident,
/// and split by the next small allocations). A new map reads as zeros and costs nothing until
/// a page is first written. Any thread.
public enum PageMemory {
    /// Bytes from which a buffer is worth its own map: 128 KiB, glibc's own starting mmap
    /// threshold (below it a map's syscalls and page faults cost more than malloc's reuse,
    /// and malloc's arenas hold small buffers without much waste).
    public static var mapThreshold: Int { 128 * 1024 }

    /// A new zero-filled, 16-byte aligned (page aligned) region of `bytes`; traps when the
    /// system refuses, as an allocation failure does.
    public static func map(bytes: Int) -> UnsafeMutableRawPointer {
        let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != MAP_FAILED else { fatalError("mmap of \(bytes) bytes failed: errno \(errno)") }
        return address
    }

    /// Gives back a region from `map(bytes:)` with the same `bytes`.
    public static func unmap(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
        munmap(pointer, bytes)
    }

    /// Whether the calling thread is the process's main thread (its thread id is the process
    /// id on Linux): unmapping megabytes there would cost a frame tens of microseconds.
    public static var isMainThread: Bool { flick_current_thread_id() == getpid() }
}
