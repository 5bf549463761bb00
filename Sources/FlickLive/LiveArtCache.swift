import FlickCore
import FlickList
import FlickRaster
import FlickText

/// The live timeline's accessory bitmaps: each `LiveArt` drawn once per width and scale on
/// the engine's pool (user-initiated lane, the worker's own Pango context) and handed back
/// through a mailbox. Main thread, but for the drawing.
@MainActor
struct LiveArtCache {
    /// Arts kept at most; past it the cache starts over (pill counts and failure reasons are
    /// open-ended, the arts on screen are a handful).
    static let capacity = 64

    private let pool: QueuePool<TextContext?>
    private let arrivals = Mailbox<(art: LiveArt, width: Double, accessory: ListAccessory)>()
    private var ready: [LiveArt: ListAccessory] = [:]
    private var requested: Set<LiveArt> = []
    private var width = 0.0
    private var scale = DisplayScale.one

    init(pool: QueuePool<TextContext?>) {
        self.pool = pool
    }

    /// The bitmap for `art` at `width` and `scale` if drawn; otherwise asks for it once and
    /// returns nil.
    mutating func accessory(_ art: LiveArt, width: Double, scale: DisplayScale) -> ListAccessory? {
        if width != self.width || scale != self.scale || ready.count > Self.capacity {
            self.width = width
            self.scale = scale
            ready.removeAll()
            requested.removeAll()
        }
        for arrival in arrivals.takeAll() where arrival.width == width && requested.contains(arrival.art) {
            ready[arrival.art] = arrival.accessory
        }
        if let accessory = ready[art] { return accessory }
        guard requested.insert(art).inserted else { return nil }
        let arrivals = arrivals
        pool.submit(.userInitiated) { session in
            guard let accessory = art.render(width: width, scale: scale, context: session.context) else { return }
            arrivals.post((art, width, accessory))
        }
        return nil
    }
}
