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
        if let old, copied > 0 { base.update(from: old.base, count: copied) }
    }

    deinit {
        if mappedBytes > 0 { munmap(base, mappedBytes) } else { free(base) }
    }

    /// Bytes the kernel holds in memory for this buffer now (`mincore` on a mapped buffer;
    /// the whole buffer otherwise). For tests and memory reports.
    var residentBytes: Int {
        guard mappedBytes > 0 else { return count * MemoryLayout<Element>.stride }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pages = (mappedBytes + page - 1) / page
        var flags = [UInt8](repeating: 0, count: pages)
        guard mincore(UnsafeMutableRawPointer(base), mappedBytes, &flags) == 0 else { return mappedBytes }
        return flags.reduce(0) { $0 + Int($1 & 1) } * page
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// Sets `range` back to zero.
    func zero(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        memset(base + range.lowerBound, 0, range.count * MemoryLayout<Element>.stride)
    }

    /// Moves `count` elements from `source` to `destination` (ranges may overlap).
    func move(from source: Int, to destination: Int, count: Int) {
        guard count > 0, source != destination else { return }
        memmove(base + destination, base + source, count * MemoryLayout<Element>.stride)
    }
}
