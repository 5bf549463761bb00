import Flick
import FlickChat
import FlickTestSupport
import Foundation
import Testing

/// The chat client end to end on the public surface only: a real engine, real workers, real
/// fonts, in lockstep (the workers finish each frame's work before the next).
@Suite("Chat list")
@MainActor
struct ChatListTests {
    static func session(messages: Int = 2_000, initial: Int = 150, stream: Double? = nil) -> ChatSession {
        var configuration = ChatSession.Configuration()
        configuration.messages = messages
        configuration.initial = initial
        configuration.streamInterval = stream
        var list = CellList<String>.Configuration.chat
        list.engine.animatesUpdates = false
        return ChatSession(configuration: configuration, list: CellList(configuration: list))
    }

    /// Runs `frames` lockstep frames, ticking the session; returns their statistics.
    @discardableResult
    static func run(_ session: ChatSession, _ time: inout Double, frames: Int, each: (FrameStats) -> Void = { _ in }) -> [FrameStats] {
        var all: [FrameStats] = []
        for _ in 0..<frames {
            session.list.engine.waitForWorkers()
            let stats = session.list.frame(at: time)
            session.tick(time: time)
            each(stats)
            all.append(stats)
            time += 1.0 / 120
        }
        return all
    }

    static func atBottom(_ session: ChatSession) -> Bool {
        let engine = session.list.engine
        return abs(engine.contentOffset - engine.physics.bounds.upperBound) <= 0.5
    }

    @Test func opensAtTheNewestMessageAndStaysPinnedThroughNewAndGrowingMessages() {
        let session = Self.session(stream: 0.4)
        var time = 0.0
        let frames = Self.run(session, &time, frames: 360)  // 3 s: 7 messages, replies growing
        #expect(frames.allSatisfy { $0.rowsBlank == 0 && $0.blankPixels == 0 })
        #expect(session.shown.upperBound > 2_000 + 5, "messages streamed in: \(session.shown)")
        #expect(session.list.isPinnedToBottom && Self.atBottom(session))
        #expect(session.list.visibleItems.last == "m\(session.shown.upperBound - 1)", "the newest message is on screen")
    }

    @Test func batchUpdatesKeepTheCellsEqualToAFreshBuild() {
        let session = Self.session(initial: 50, stream: nil)
        var time = 0.0
        for step in 0..<6 {
            session.loadOlder()
            session.receive(time: time)
            Self.run(session, &time, frames: step % 2 == 0 ? 1 : 30)  // typed replies grow on the clock
        }
        Self.run(session, &time, frames: 60)
        let ids = session.list.cells.map(\.id)
        #expect(Set(ids).count == ids.count, "no id twice")
        #expect(ids == session.cells().map(\.id), "separators and messages as a fresh build of the shown range")
        #expect(session.list.cells.map(\.version) == session.cells().map(\.version), "grown replies included")
        #expect(session.list.engine.heights.rowCount == ids.count)
    }

    @Test func scrollingUpLoadsHistoryWithoutMovingTheReaderAndStopsPinning() {
        let session = Self.session(initial: 80)
        var time = 0.0
        Self.run(session, &time, frames: 30)
        let engine = session.list.engine
        let firstShown = session.shown.lowerBound
        // The reader drags up through the history, a screen at a time.
        var frames: [FrameStats] = []
        for _ in 0..<12 {
            engine.beginDrag(at: 100, time: time)
            for step in 1...10 {
                engine.drag(to: 100 + Double(step) * 50, time: time)
                frames += Self.run(session, &time, frames: 1)
            }
            engine.endDrag(time: time)
            engine.touchDown(time: time)
            frames += Self.run(session, &time, frames: 5)
        }
        #expect(session.shown.lowerBound < firstShown, "older history was loaded: \(session.shown)")
        #expect(engine.updateStatistics.updatesApplied > 0)
        #expect(engine.updateStatistics.anchorDriftMax <= 0.5, "history prepended above never moved the reader")
        #expect(!session.list.isPinnedToBottom)
        #expect(frames.allSatisfy { $0.rowsBlank == 0 })
        // A new message does not pull a reader who scrolled up.
        let offset = engine.contentOffset
        session.receive(time: time)
        Self.run(session, &time, frames: 5)
        #expect(abs(engine.contentOffset - offset) <= 0.5)
    }

    @Test func theDaySeparatorSticksIsPushedAndIsReplaced() throws {
        let session = Self.session(initial: 700)
        var time = 0.0
        Self.run(session, &time, frames: 10)
        let engine = session.list.engine
        let items = session.list.source.items
        // A day separator well inside the list, with another day above it.
        let separators = items.indices.filter { items[$0].isSectionHeader }
        let day = try #require(separators.first { $0 > 200 })
        let previous = try #require(separators.last { $0 < day })
        engine.scrollTo(row: day + 3, align: .top, time: time)
        Self.run(session, &time, frames: 20)
        func sticky() -> DisplayLayer? { engine.compositor.layers.first { $0.role == .stickyHeader } }
        #expect(sticky()?.row == day && sticky()?.origin.y == 0, "its day's separator is stuck to the top")
        // The reader drags down slowly: the separator comes back into its place and pushes the
        // previous day's separator up and out as it goes.
        var seen: [Int] = []
        var pushed = false
        engine.beginDrag(at: 100, time: time)
        for step in 1...80 {
            engine.drag(to: 100 + Double(step) * 6, time: time)
            Self.run(session, &time, frames: 1)
            guard let layer = sticky() else { continue }
            #expect(items[layer.row].isSectionHeader, "only day separators stick")
            #expect(layer.origin.y <= 0)
            if layer.row == previous, layer.origin.y < 0 { pushed = true }
            if seen.last != layer.row { seen.append(layer.row) }
        }
        engine.endDrag(time: time)
        #expect(seen.first == day && seen.contains(previous), "replaced by the previous day's separator: \(seen)")
        #expect(pushed, "pushed up by the arriving separator")
    }

    @Test func aTapOnALinkInABubbleIsReportedAndHighlighted() throws {
        let session = Self.session(initial: 300)
        var time = 0.0
        Self.run(session, &time, frames: 20)
        let engine = session.list.engine
        // Find a link on screen from the laid-out rows.
        var point: Point?
        for (row, _) in engine.lastContents {
            let top = engine.heights.offset(ofRow: row) - engine.contentOffset
            guard let layout = engine.row(at: Point(x: 1, y: max(0, top) + 1))?.layout,
                let region = layout.hitRegions.first(where: { $0.label != "photo" }), let rect = region.rects.first,
                top + rect.midY > 0, top + rect.midY < engine.viewport.height
            else { continue }
            point = Point(x: rect.midX, y: top + rect.midY)
            break
        }
        let target = try #require(point, "some bubble on screen has a link")
        let before = engine.compositor.snapshot()
        let pressed = try #require(session.list.press(at: target))
        Self.run(session, &time, frames: 2)
        #expect(engine.showsPressedAppearance, "the pressed look was drawn and is shown")
        let after = engine.compositor.snapshot()
        #expect(before.pixel(x: Int(target.x * 2), y: Int(target.y * 2)) != after.pixel(x: Int(target.x * 2), y: Int(target.y * 2)), "the link is highlighted")
        session.list.release()
        let tap = try #require(session.list.tap(at: target))
        #expect(tap.id == pressed.id && tap.region.label == pressed.region.label)
        #expect(!tap.region.label.isEmpty)
    }
}
