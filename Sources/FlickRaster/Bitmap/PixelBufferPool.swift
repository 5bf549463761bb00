import FlickCore

/// Reuses pixel memory of freed bitmaps by size class, so scrolling does not allocate,
/// fault in and unmap megabytes per cell: a cell bitmap leaving the display range hands its
/// buffer to the next cell of a similar size. Freeing a bitmap on the main thread then costs a
/// lock and an append instead of an `munmap`.
///
/// Classes round a request up by at most 1/8 (and to 64 KiB), so a 750×1,100 px cell reuses a
/// buffer of a 750×1,180 px one. Free buffers are kept up to `budget` bytes; beyond it the
/// oldest of the fullest classes are released to the system. Buffers from
/// `PageMemory.mapThreshold` up are mapped from the kernel (`PageMemory`), not malloc'd: a
/// released one leaves the process at once. Through malloc, cell-sized buffers freed on a
/// worker stayed in its arena, and at the end of the 10k-post benchmark malloc kept 123 MB
/// freed (resident) beside 221 MB in use. Thread-safe.
public final class PixelBufferPool: Sendable {
    /// Statistics for tests and the benchmark.
    public struct Statistics: Hashable, Sendable {
        public var reused = 0
        public var allocated = 0
        public var released = 0
        /// Bytes held in free buffers now.
        public var freeBytes = 0
        /// Bytes of buffers handed out and not given back yet: every live bitmap's and
        /// canvas's pixels (by size class).
        public var heldBytes = 0
        /// The most `heldBytes` has been.
        public var peakHeldBytes = 0
    }

    /// A buffer's memory and size class; handed between threads only whole (taken from the
    /// pool or given to the reclaimer), never shared.
    struct Buffer: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
        /// The size class: what was mapped or allocated.
        let capacity: Int
    }

    private struct State: Sendable {
        var free: [Int: [Buffer]] = [:]
        var stats = Statistics()
        var budget = 0
    }

    /// The pool every `Bitmap` and `Canvas` uses; its budget is `standardBudget`.
    public static let shared = PixelBufferPool(budget: standardBudget)

    /// Free bytes the shared pool keeps until a list asks for more (`ensureBudget`: two of its
    /// screens, 8 MB at 375×667 pt @2x): 2 MB, two such screens at 1×. Scrolling frees rows
    /// leaving the ranges as fast as it draws the rows entering them, so a few screens of free
    /// buffers serve every new cell of a steady scroll from the pool; a jump frees more than it
    /// needs at once, and what is over the budget goes back to the system. (32 MB before: kept
    /// resident for nothing once the caches were full; then a fixed 8 MB.)
    public static var standardBudget: Int { 2 * 1024 * 1024 }

    /// Bytes of free buffers kept for reuse.
    public var budget: Int { state.withLock { $0.budget } }
    private let state: LockedBox<State>

    public init(budget: Int) {
        var state = State()
        state.budget = budget
        self.state = LockedBox(state)
    }

    /// Raises the budget to `bytes` if it is lower: each list asks for two of its screens
    /// (`ScreenBytes`), so the pool fits the largest screen shown. Any thread.
    public func ensureBudget(_ bytes: Int) {
        state.withLock { $0.budget = max($0.budget, bytes) }
    }

    /// Frees the buffers still kept for reuse (a pool made and dropped, as tests do; the
    /// shared pool lives as long as the process). Buffers handed out are their owners' to give
    /// back, to this pool while it lives.
    deinit {
        let kept = state.withLock { state -> [Buffer] in
            defer { state.free.removeAll() }
            return state.free.values.flatMap { $0 }
        }
        for buffer in kept { Self.release(buffer) }
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
            state.stats.heldBytes += capacity
            state.stats.peakHeldBytes = max(state.stats.peakHeldBytes, state.stats.heldBytes)
            guard let buffer = state.free[capacity]?.popLast() else {
                state.stats.allocated += 1
                return nil
            }
            state.stats.reused += 1
            state.stats.freeBytes -= capacity
            return buffer
        }
        if let reused {
            if zeroed { reused.pointer.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, bytes)) }
            return reused.pointer
        }
        guard capacity < PageMemory.mapThreshold else { return PageMemory.map(bytes: capacity) }  // zeros already
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        if zeroed { pointer.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, bytes)) }
        return pointer
    }

    /// Gives a buffer's memory back to the system.
    static func release(_ buffer: Buffer) {
        if buffer.capacity >= PageMemory.mapThreshold {
            PageMemory.unmap(buffer.pointer, bytes: buffer.capacity)
        } else {
            buffer.pointer.deallocate()
        }
    }

    /// Releases `buffers`: by the reclaimer's thread when called on the main thread (unmapping
    /// megabytes must not land inside a frame), else here.
    private static func release(_ buffers: [Buffer]) {
        guard !buffers.isEmpty else { return }
        guard PageMemory.isMainThread else {
            for buffer in buffers { release(buffer) }
            return
        }
        BufferReclaimer.shared.release(buffers)
    }

    /// Returns memory obtained from `take(bytes:)` with the same `bytes`. When the pool is
    /// full, the just-freed buffer is kept and older free buffers of the classes holding the
    /// most bytes are released instead: the newest sizes are the ones scrolling asks for next.
    func give(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
        let capacity = Self.sizeClass(bytes)
        guard capacity <= state.withLock({ $0.budget }) else {
            state.withLock {
                $0.stats.released += 1
                $0.stats.heldBytes -= capacity
            }
            Self.release([Buffer(pointer: pointer, capacity: capacity)])
            return
        }
        let evicted = state.withLock { state -> [Buffer] in
            var evicted: [Buffer] = []
            state.stats.heldBytes -= capacity
            while state.stats.freeBytes + capacity > state.budget,
                let fullest = state.free.max(by: { $0.key * $0.value.count < $1.key * $1.value.count }), !fullest.value.isEmpty
            {
                evicted.append(state.free[fullest.key]!.removeFirst())
                if state.free[fullest.key]!.isEmpty { state.free[fullest.key] = nil }
                state.stats.freeBytes -= fullest.key
                state.stats.released += 1
            }
            state.free[capacity, default: []].append(Buffer(pointer: pointer, capacity: capacity))
            state.stats.freeBytes += capacity
            return evicted
        }
        Self.release(evicted)
    }
}
