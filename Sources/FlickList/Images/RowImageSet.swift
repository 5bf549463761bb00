import FlickCore
import FlickImage

/// One row's images: the loads started for its current layout and the layers that arrived.
/// Lives in the row's `RowNode`. Main thread.
struct RowImageSet {
    struct Slot {
        let imageRequest: ImageRequest
        var ticket: ImageTicket?
        var layer: RowImageLayer?
    }

    /// The node generation whose layout the requests came from: while it is the same, so are
    /// the requests, and nothing is rebuilt or compared per frame.
    let layoutGeneration: UInt64
    /// Matches arrivals to this set of loads (unique per start).
    let generation: UInt64
    /// The most urgent priority the loads were asked at.
    var priority: ImagePriority
    var slots: [Slot]

    /// What the row shows over its cell now.
    var layers: [RowImageLayer] { slots.compactMap(\.layer) }

    /// Slots still waiting.
    var pendingCount: Int { slots.count(where: { $0.layer == nil }) }

    /// Cancels the loads still running (a download too when no one else waits).
    func cancel() {
        for slot in slots { slot.ticket?.cancel() }
    }
}
