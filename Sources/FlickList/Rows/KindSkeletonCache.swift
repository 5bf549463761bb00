import Dispatch
import FlickCore
import FlickRaster

/// A skeleton a source drew for a row kind at a size class: what a row with no layout yet
/// shows instead of the generic placeholder tile. Value; any thread (the bitmap is immutable).
public struct KindSkeleton: Sendable {
    public let bitmap: Bitmap
    /// The kind it was drawn for; `nil` when the row's kind was not known yet (the source's
    /// shape for a row of unknown kind at its estimated height).
    public let kind: Int?

    public init(bitmap: Bitmap, kind: Int?) {
        self.bitmap = bitmap
        self.kind = kind
    }
}

/// A kind skeleton's size class: the kind, the cell width in device pixels and the height
/// rounded up to `heightStep` points. Outside the generic cache so its
/// dictionary and set run specialized (the cache is generic over the source, the key is not).
struct KindSkeletonKey: Hashable, Sendable {
    let kind: Int?
    let widthPixels: Int
    let scale: DisplayScale
    /// Height class: the row height rounded up to a multiple of `heightStep`, in steps.
    let heightSteps: Int

    /// Height classes are this many points apart.
    static var heightStep: Double { 4 }

    /// The class of a row of `kind`, `height` points tall and `width` points wide.
    init(kind: Int?, height: Double, width: Double, scale: DisplayScale) {
        let steps = height.isFinite ? Int((max(0, height) / Self.heightStep).rounded(.up)) : 0
        self.kind = kind
        widthPixels = scale.pixels(width)
        self.scale = scale
        heightSteps = max(1, steps)
    }

    /// The class's height, points.
    var height: Double { Double(heightSteps) * Self.heightStep }
}

/// The skeletons of row kinds, drawn on a worker once per kind and size class and kept for
/// every row of that kind and size with no layout yet (`ListDataSource.renderKindSkeleton`).
///
/// A size class is the cell width in device pixels and the row's height rounded up to
/// `heightStep` points: the bitmap is at least as tall as each row of its class and the
/// compositor cuts it at the row's end. Until a class is drawn, the nearest taller class of
/// the same kind stands in, or a shorter one the compositor stretches. Bounded by bytes (`budget`), least recently used first out.
///
/// Main thread, but for the drawing: jobs run on the pool's row `lane` with that worker's own
/// context (Pango and Cairo are never touched on the main thread) and post to a locked
/// mailbox that `commit()` drains at the next frame.
@MainActor
final class KindSkeletonCache<Source: ListDataSource> {
    typealias Key = KindSkeletonKey

    let source: Source
    let pool: QueuePool<Source.WorkerContext>
    /// The row store's lane: its workers' contexts already exist (a lane of its own would make
    /// a Pango font map per queue for nothing); jobs go ahead of every row job there.
    let lane: WorkerLane
    /// Bytes of skeletons kept at most (entries shown in the current frame excepted).
    let budget: Int

    private var ready: [Key: (skeleton: KindSkeleton, lastUsed: Int)] = [:]
    private var pending: Set<Key> = []
    /// Classes kept whatever the budget and however long unused (each kind's estimate and
    /// standby class, `pin`).
    private(set) var pinned: [Key] = []
    /// Whether the source returned no skeleton (`renderKindSkeleton`'s default): never asked again.
    private var refusesAll = false
    private let mailbox = Mailbox<(Key, Bitmap?)>()
    private let work = DispatchGroup()
    private var frame = 0
    private(set) var bytes = 0
    /// Skeletons drawn so far (for tests and the benchmark).
    private(set) var drawn = 0

    /// Screens of skeletons kept (the engine sizes the budget by its viewport and scale,
    /// `ScreenBytes`): 3, 12 MB at 375×667 pt @2x: the classes of the rows on screen and next
    /// to it, and each kind's estimate and standby class (kept whatever the budget). 24 MB
    /// before, never reached by what the screen needed.
    static var screens: Double { 3 }

    init(source: Source, pool: QueuePool<Source.WorkerContext>, lane: WorkerLane, budget: Int) {
        self.source = source
        self.pool = pool
        self.lane = lane
        self.budget = budget
    }

    /// Takes the skeletons drawn since the last frame and starts a new frame. Main thread.
    func commit() {
        frame += 1
        for (key, bitmap) in mailbox.takeAll() {
            pending.remove(key)
            guard let bitmap else {
                // The source has no kind skeletons: its rows keep the generic tile, and it is
                // not asked again (nor are worker contexts made on this lane for it).
                refusesAll = true
                continue
            }
            if let old = ready[key] { bytes -= old.skeleton.bitmap.byteCount }
            ready[key] = (KindSkeleton(bitmap: bitmap, kind: key.kind), frame)
            bytes += bitmap.byteCount
            drawn += 1
        }
        evict()
    }

    /// The skeleton to show for a row of `kind` and `height` points, `width` wide: its class
    /// if drawn, else the nearest taller drawn class of the kind; asks for the class when it is
    /// not drawn yet. `nil` when nothing fits yet (the row shows the generic tile). Main thread.
    func skeleton(kind: Int?, height: Double, width: Double, scale: DisplayScale) -> KindSkeleton? {
        let key = Key(kind: kind, height: height, width: width, scale: scale)
        if let entry = ready[key] {
            ready[key]?.lastUsed = frame
            return entry.skeleton
        }
        request(key)
        // Stand-ins of the same kind: the nearest taller class (cut at the row's end), else the
        // tallest shorter one the compositor can stretch (`Compositor.stretchLimit`).
        var taller: Key?
        var shorter: Key?
        for candidate in ready.keys
        where candidate.kind == key.kind && candidate.widthPixels == key.widthPixels && candidate.scale == key.scale {
            if candidate.heightSteps > key.heightSteps {
                if taller.map({ candidate.heightSteps < $0.heightSteps }) ?? true { taller = candidate }
            } else if Compositor.canStretch(candidate.height, to: height) {
                if shorter.map({ candidate.heightSteps > $0.heightSteps }) ?? true { shorter = candidate }
            }
        }
        guard let best = taller ?? shorter else { return nil }
        ready[best]?.lastUsed = frame
        return ready[best]?.skeleton
    }

    /// Asks for the class of a row that will come on screen soon (drawn ahead of need); a class
    /// already drawn stays while rows show it (and for the frame after it is drawn).
    func prepare(kind: Int?, height: Double, width: Double, scale: DisplayScale) {
        let key = Key(kind: kind, height: height, width: width, scale: scale)
        if ready[key] == nil { request(key) }
    }

    /// Keeps `keys` (drawing those not drawn yet) instead of the classes pinned before, which
    /// become ordinary classes again. Main thread; only when the pinned classes change.
    func pin(_ keys: [Key]) {
        pinned = keys
        for key in keys where ready[key] == nil { request(key) }
    }

    /// Blocks until every skeleton asked for so far is drawn (tests, lockstep pacing).
    func waitUntilIdle() { work.wait() }

    /// Waits at most `timeout` seconds for the skeletons asked for so far; whether all came.
    func waitUntilIdle(timeout: Double) -> Bool { work.wait(timeout: .now() + timeout) == .success }

    private func request(_ key: Key) {
        guard !refusesAll, ready[key] == nil, !pending.contains(key), key.heightSteps > 0, key.widthPixels > 0 else { return }
        pending.insert(key)
        let source = self.source
        let mailbox = self.mailbox
        let size = Size(width: Double(key.widthPixels) / key.scale.value, height: key.height)
        let scale = key.scale
        work.enter()
        // Row jobs run from priority 0 on (tier × 1,000 + seconds until visible): a kind
        // skeleton, needed by every row of its class, goes first.
        pool.submit(lane, priority: -1 - 1 / Double(key.heightSteps)) { [work] session in
            let bitmap = source.renderKindSkeleton(kind: key.kind, size: size, scale: scale, context: session.context)
            mailbox.post((key, bitmap))
            work.leave()
        }
    }

    /// Drops the least recently used skeletons neither pinned nor shown in the last two frames
    /// while over the budget (so the budget may be exceeded by what the frames want). Only
    /// those can go, so only they are ordered — on plain integers (a generic sort of the whole
    /// cache ran every frame while the skeletons in use alone exceeded the budget: ~0.3 ms a
    /// frame). Their bitmaps are released after the frame (`releaseAfterFrame`).
    private func evict() {
        guard bytes > budget else { return }
        var keys: [Key] = []
        var order = EvictionOrder(capacity: ready.count)
        for (key, entry) in ready where entry.lastUsed < frame - 1 && !pinned.contains(key) {
            order.append(lastWanted: entry.lastUsed, bytes: entry.skeleton.bitmap.byteCount)
            keys.append(key)
        }
        guard !order.isEmpty else { return }
        var released: [Bitmap] = []
        for slot in order.slots(newestFirst: false) {
            guard bytes > budget else { break }
            guard let entry = ready.removeValue(forKey: keys[slot]) else { continue }
            bytes -= order.bytes[slot]
            released.append(entry.skeleton.bitmap)
        }
        releaseAfterFrame(consume released)
    }

    /// A height 10 % taller than `height` rounded up to 32 points, the same for a span of
    /// heights: drawn once while an estimate moves within the span, it stands in (cut at the
    /// row's end) until the estimate's own class is drawn.
    static func standbyHeight(for height: Double) -> Double {
        (height * 1.1 / 32).rounded(.up) * 32
    }
}
