#if canImport(Glibc)
import Glibc
#endif

/// A fixed-length buffer of plain values that reads as all zero until written, for arrays
/// sized by the furthest row ever touched. Large buffers are anonymous memory maps: the kernel
/// hands out zeroed pages only when one is first written, so making a buffer costs O(1) and
/// resident memory follows the rows actually touched, not the buffer's length.
///
/// A reference type used by value types copy-on-write (see ``HeightIndex``): writers call
/// `isKnownUniquelyReferenced` and copy what they need first. Not shared between threads while written,
/// hence `@unchecked Sendable` like the arrays it replaces.
final class ZeroedBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    let count: Int
    let base: UnsafeMutablePointer<Element>
    /// Bytes mapped, or 0 when the buffer came from `calloc` (small buffers).
    private let mappedBytes: Int

    /// Buffers from this many bytes on are mapped; smaller ones come zeroed from `calloc`.
    static var mappingThreshold: Int { 256 * 1024 }

    /// `count` zeroed elements, then the first `prefix` (default: all) copied from `old`.
    init(count: Int, copying old: ZeroedBuffer? = nil, prefix: Int? = nil) {
        let copied = min(prefix ?? old?.count ?? 0, old?.count ?? 0)
        precondition(count >= copied, "a buffer only grows")
        self.count = count
        let bytes = max(1, count * MemoryLayout<Element>.stride)
        if bytes >= Self.mappingThreshold {
            guard let raw = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED else {
                fatalError("out of address space for \(bytes) bytes of row state")
            }
            base = raw.bindMemory(to: Element.self, capacity: count)
            mappedBytes = bytes
        } else {
            guard let raw = calloc(bytes, 1) else { fatalError("out of memory for \(bytes) bytes of row state") }
            base = raw.bindMemory(to: Element.self, capacity: count)
            mappedBytes = 0
        }
        if let old, copied > 0 {
            if mappedBytes > 0 {
                copySparse(from: old.base, count: copied)
            } else {
                base.update(from: old.base, count: copied)
            }
        }
    }

    /// Copies `count` elements from `source` into this new (all zero) mapped buffer, skipping
    /// the pages of zeros: growing a sparse buffer writes only the pages that hold values.
    private func copySparse(from source: UnsafeMutablePointer<Element>, count: Int) {
        let stride = MemoryLayout<Element>.stride
        let chunk = max(1, Self.pageSize / stride)
        for offset in Swift.stride(from: 0, to: count, by: chunk) {
            let bytes = min(chunk, count - offset) * stride
            guard !Self.isZero(UnsafeRawPointer(source + offset), bytes: bytes) else { continue }
            UnsafeMutableRawPointer(base + offset).copyMemory(from: UnsafeRawPointer(source + offset), byteCount: bytes)
        }
    }

    deinit {
        if mappedBytes > 0 { munmap(base, mappedBytes) } else { free(base) }
    }

    /// Bytes the kernel holds in memory for this buffer now: its own pages, from
    /// `/proc/self/pagemap` (present and mapped only here; a page only read maps the kernel's
    /// shared zero page, which is not the process's memory), else `mincore`, on a mapped
    /// buffer; the whole buffer otherwise. For tests and memory reports.
    var residentBytes: Int {
        guard mappedBytes > 0 else { return count * MemoryLayout<Element>.stride }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pages = (mappedBytes + page - 1) / page
        if let own = ownPages(count: pages, pageSize: page) { return own * page }
        var flags = [UInt8](repeating: 0, count: pages)
        guard mincore(UnsafeMutableRawPointer(base), mappedBytes, &flags) == 0 else { return mappedBytes }
        return flags.reduce(0) { $0 + Int($1 & 1) } * page
    }

    /// Pages of the buffer present and mapped by this process alone (pagemap bits 63 and 56);
    /// nil when pagemap cannot be read.
    private func ownPages(count pages: Int, pageSize: Int) -> Int? {
        let descriptor = open("/proc/self/pagemap", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var entries = [UInt64](repeating: 0, count: pages)
        let offset = off_t(Int(bitPattern: UnsafeRawPointer(base)) / pageSize * 8)
        let bytes = entries.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, pages * 8, offset) }
        guard bytes == pages * 8 else { return nil }
        return entries.count(where: { $0 & (1 << 63) != 0 && $0 & (1 << 56) != 0 })
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// Sets `range` back to zero. In a mapped buffer the whole pages inside it are given back
    /// to the kernel (`MADV_DONTNEED`: they read as zero again and stop being resident), so
    /// clearing a million rows' state neither writes nor keeps 40 MB; only the partial pages
    /// at its ends are written.
    func zero(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let stride = MemoryLayout<Element>.stride
        let start = UnsafeMutableRawPointer(base + range.lowerBound)
        let bytes = range.count * stride
        let page = Self.pageSize
        let first = (Int(bitPattern: start) + page - 1) / page * page
        let end = (Int(bitPattern: start) + bytes) / page * page
        guard mappedBytes > 0, end - first >= page else {
            memset(start, 0, bytes)
            return
        }
        memset(start, 0, first - Int(bitPattern: start))
        madvise(UnsafeMutableRawPointer(bitPattern: first), end - first, MADV_DONTNEED)
        memset(UnsafeMutableRawPointer(bitPattern: end)!, 0, Int(bitPattern: start) + bytes - end)
    }

    /// Moves `count` elements from `source` to `destination` (ranges may overlap), leaving the
    /// source elements the destination does not cover as they were. In a mapped buffer a page
    /// of zeros is not copied onto zeros: moving a million rows of which a few thousand were
    /// written writes (and makes resident) only the pages holding those.
    func move(from source: Int, to destination: Int, count: Int) {
        guard count > 0, source != destination else { return }
        let stride = MemoryLayout<Element>.stride
        guard mappedBytes > 0 else {
            memmove(base + destination, base + source, count * stride)
            return
        }
        let chunk = max(1, Self.pageSize / stride)
        // In the direction that reads each element before it is overwritten.
        let starts = Swift.stride(from: 0, to: count, by: chunk)
        for offset in destination > source ? Array(starts.reversed()) : Array(starts) {
            let length = min(chunk, count - offset)
            let from = UnsafeRawPointer(base + source + offset)
            let to = UnsafeMutableRawPointer(base + destination + offset)
            let bytes = length * stride
            if Self.isZero(from, bytes: bytes) {
                if !Self.isZero(UnsafeRawPointer(to), bytes: bytes) { memset(to, 0, bytes) }
            } else {
                memmove(to, from, bytes)
            }
        }
    }

    private static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

    /// Whether `bytes` at `pointer` are all zero (a page never written reads from the kernel's
    /// shared zero page, so checking it makes nothing resident).
    private static func isZero(_ pointer: UnsafeRawPointer, bytes: Int) -> Bool {
        var offset = 0
        while offset + 8 <= bytes {
            if pointer.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != 0 { return false }
            offset += 8
        }
        while offset < bytes {
            if pointer.load(fromByteOffset: offset, as: UInt8.self) != 0 { return false }
            offset += 1
        }
        return true
    }
}
