import FlickCore

/// Reuses pixel memory of freed bitmaps by size class, so scrolling does not allocate,
/// fault in and unmap megabytes per cell: a cell bitmap leaving the display range hands its
/// buffer to the next cell of a similar size. Freeing a bitmap on the main thread then costs a
/// lock and an append instead of an `munmap`.
///
/// Classes round a request up by at most 1/8 (and to 64 KiB), so a 750×1,100 px cell reuses a
/// buffer of a 750×1,180 px one. Free buffers are kept up to `budget` bytes; beyond it the
/// oldest of the fullest classes are released to the system. Thread-safe.
public final class PixelBufferPool: Sendable {
    /// Statistics for tests and the benchmark.
    public struct Statistics: Hashable, Sendable {
        public var reused = 0
        public var allocated = 0
        public var released = 0
        /// Bytes held in free buffers now.
        public var freeBytes = 0
    }

    private struct Buffer: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private struct State: Sendable {
        var free: [Int: [Buffer]] = [:]
        var stats = Statistics()
    }

    /// The pool every `Bitmap` and `Canvas` uses.
    public static let shared = PixelBufferPool(budget: 32 * 1024 * 1024)

    /// Bytes of free buffers kept for reuse.
    public let budget: Int
    private let state = LockedBox(State())

    public init(budget: Int) {
        self.budget = budget
    }

    /// Frees the buffers still kept for reuse (a pool made and dropped, as tests do; the
    /// shared pool lives as long as the process). Buffers handed out are their owners' to give
    /// back, to this pool while it lives.
    deinit {
        let kept = state.withLock { state -> [Buffer] in
            defer { state.free.removeAll() }
            return state.free.values.flatMap { $0 }
        }
        for buffer in kept { buffer.pointer.deallocate() }
    }

    public var statistics: Statistics { state.value.stats }

    /// The capacity a request of `bytes` is served with.
    public static func sizeClass(_ bytes: Int) -> Int {
        let minimumGranule = 64 * 1024
        let request = max(1, bytes)
        var power = 1
        while power < request { power <<= 1 }
        let granule = max(minimumGranule, power / 8)
        return (request + granule - 1) / granule * granule
    }

    /// Memory of at least `bytes`, 16-byte aligned; zeroed unless the caller will overwrite
    /// every byte itself.
    func take(bytes: Int, zeroed: Bool = true) -> UnsafeMutableRawPointer {
        let capacity = Self.sizeClass(bytes)
        let reused = state.withLock { state -> Buffer? in
            guard let buffer = state.free[capacity]?.popLast() else {
                state.stats.allocated += 1
                return nil
            }
            state.stats.reused += 1
            state.stats.freeBytes -= capacity
            return buffer
        }
        let pointer = reused?.pointer ?? UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        if zeroed { pointer.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, bytes)) }
        return pointer
    }

    /// Returns memory obtained from `take(bytes:)` with the same `bytes`. When the pool is
    /// full, the just-freed buffer is kept and older free buffers of the classes holding the
    /// most bytes are released instead: the newest sizes are the ones scrolling asks for next.
    func give(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
        let capacity = Self.sizeClass(bytes)
        guard capacity <= budget else {
            state.withLock { $0.stats.released += 1 }
            pointer.deallocate()
            return
        }
        let evicted = state.withLock { state -> [Buffer] in
            var evicted: [Buffer] = []
            while state.stats.freeBytes + capacity > budget,
                let fullest = state.free.max(by: { $0.key * $0.value.count < $1.key * $1.value.count }), !fullest.value.isEmpty
            {
                evicted.append(state.free[fullest.key]!.removeFirst())
                if state.free[fullest.key]!.isEmpty { state.free[fullest.key] = nil }
                state.stats.freeBytes -= fullest.key
                state.stats.released += 1
            }
            state.free[capacity, default: []].append(Buffer(pointer: pointer))
            state.stats.freeBytes += capacity
            return evicted
        }
        for buffer in evicted { buffer.pointer.deallocate() }
    }
}
