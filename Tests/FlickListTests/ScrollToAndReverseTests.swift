import FlickCore
import FlickList
import FlickRaster
import FlickTestSupport
import Testing

@Suite("Scroll to an item, and reverse (chat) mode")
@MainActor
struct ScrollToAndReverseTests {
    typealias Engine = ListEngine<RecordingDataSource>

    /// Heights that differ a lot from the 100 pt estimate, so landing on an estimate is far off.
    static let heights: @Sendable (Int) -> Double = { 40 + Double(($0 &* 7919) % 13) * 23 }

    @Test(arguments: [ScrollAlignment.top, .center, .bottom], [false, true])
    func scrollToLandsExactlyOnAMillionRowsWithHintedHeights(align: ScrollAlignment, animated: Bool) {
        var source = RecordingDataSource(rowCount: 1_000_000, estimate: 100, exactHeight: Self.heights)
        source.rowKindCount = 2
        // Hints tag kinds as pages would (heights unknown), so estimates move as rows are measured.
        source.pendingHints.withLock { hints in
            for row in stride(from: 0, to: 1_000_000, by: 997) { hints.append(RowHint(row: row, kind: row % 2, height: nil, width: 40)) }
        }
        let engine = LivingListTests.engine(source)
        var time = 0.0
        LivingListTests.step(engine, &time, frames: 3)
        let target = 734_211
        engine.scrollTo(row: target, align: align, animated: animated, time: time)
        LivingListTests.step(engine, &time, frames: 240)
        #expect(engine.physics.phase == .idle)
        #expect(!engine.isScrollingToTarget, "done re-aiming")
        let top = engine.heights.offset(ofRow: target)
        let height = engine.heights.height(ofRow: target)
        #expect(engine.heights.isExact(row: target))
        let viewport = engine.viewport.height
        let wanted = switch align {
            case .top: top
            case .center: top + height / 2 - viewport / 2
            case .bottom: top + height - viewport
        }
        #expect(abs(engine.contentOffset - wanted) <= 0.5, "off by \(engine.contentOffset - wanted)")
    }

    @Test func scrollToAnItemFindsItsRow() {
        let source = RecordingDataSource(rowCount: 1_000, exactHeight: Self.heights)
        let engine = LivingListTests.engine(source)
        var time = 0.0
        #expect(engine.scrollTo(item: 640, align: .top, time: time))
        LivingListTests.step(engine, &time, frames: 30)
        #expect(abs(engine.contentOffset - engine.heights.offset(ofRow: 640)) <= 0.5)
        #expect(!engine.scrollTo(item: 5_000_000, time: time), "an unknown item is reported")
    }

    static func chat(_ rows: Int, heights: @escaping @Sendable (Int, UInt64) -> Double = { id, _ in 50 + Double(id % 4) * 30 }) -> (RecordingDataSource, Engine) {
        let source = RecordingDataSource(rowCount: rows, estimate: 80, versionedHeight: heights)
        var configuration = Engine.Configuration()
        configuration.anchorEdge = .bottom
        return (source, LivingListTests.engine(source, configuration: configuration))
    }

    static func atBottom(_ engine: Engine) -> Bool {
        abs(engine.contentOffset - engine.physics.bounds.upperBound) <= 0.5
    }

    @Test func reverseModeOpensAtTheNewestRowAndStaysPinnedAsRowsAppend() {
        let (source, engine) = Self.chat(500)
        var time = 0.0
        LivingListTests.step(engine, &time, frames: 10)
        #expect(Self.atBottom(engine) && engine.isPinnedToBottom)
        #expect(engine.lastPlan?.visible.contains(499) == true, "the newest row is on screen")
        for _ in 0..<10 {
            engine.apply(source.insert(1, at: source.rowCount))
            LivingListTests.step(engine, &time, frames: 2)
            #expect(Self.atBottom(engine), "pinned after an append")
        }
        #expect(engine.lastPlan?.visible.contains(source.rowCount - 1) == true)
    }

    @Test func reverseModeStaysPinnedWhileTheLastRowGrows() {
        let (source, engine) = Self.chat(200) { id, version in 60 + Double(version) * 35 }
        var time = 0.0
        LivingListTests.step(engine, &time, frames: 10)
        for _ in 0..<6 {  // streaming text: the last message grows
            engine.apply(source.edit(row: source.rowCount - 1))
            LivingListTests.step(engine, &time, frames: 3)
            #expect(Self.atBottom(engine))
        }
        #expect(engine.heights.height(ofRow: 199) == 60 + 6 * 35)
    }

    @Test func prependingHistoryKeepsTheAnchorAndScrollingUpStopsPinning() {
        let (source, engine) = Self.chat(300)
        var time = 0.0
        LivingListTests.step(engine, &time, frames: 10)
        engine.beginDrag(at: 100, time: time)
        for step in 1...20 {
            engine.drag(to: 100 + Double(step) * 30, time: time)
            LivingListTests.step(engine, &time)
        }
        engine.endDrag(time: time)
        LivingListTests.step(engine, &time, frames: 20)
        engine.touchDown(time: time)  // the reader stops the fling
        LivingListTests.step(engine, &time, frames: 5)
        #expect(!engine.isPinnedToBottom, "scrolled up: no longer pinned")
        let (reading, before) = LivingListTests.reader(engine, source)
        engine.apply(source.insert(40, at: 0))  // older history loaded on top
        engine.apply(source.insert(1, at: source.rowCount))  // and a new message below
        LivingListTests.step(engine, &time, frames: 10)
        #expect(abs(LivingListTests.screenY(of: reading, in: engine, source: source)! - before) <= 0.5)
        #expect(!Self.atBottom(engine), "a new message does not pull a reader who scrolled up")
    }
}
