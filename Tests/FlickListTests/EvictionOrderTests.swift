@testable import FlickList
import Testing

/// The order eviction passes drop entries in: least recently wanted first.
@Suite("Eviction order")
struct EvictionOrderTests {
    @Test func slotsComeByLastWantedFrameThenBySlot() {
        var order = EvictionOrder(capacity: 4)
        for (frame, bytes) in [(5, 50), (1, 10), (9, 90), (1, 11)] { order.append(lastWanted: frame, bytes: bytes) }
        #expect(order.slots(newestFirst: false) == [1, 3, 0, 2])
        #expect(order.slots(newestFirst: true) == [2, 0, 3, 1])
        #expect(order.bytes == [50, 10, 90, 11])
    }

    @Test func largeFramesAndManyEntriesKeepTheirOrder() {
        var order = EvictionOrder(capacity: 500)
        let frames = (0..<500).map { ($0 * 7_919) % 1_000_003 + 1_000_000_000 }
        for frame in frames { order.append(lastWanted: frame, bytes: 1) }
        let expected = frames.indices.sorted { frames[$0] < frames[$1] }
        #expect(order.slots(newestFirst: false) == expected)
    }
}
