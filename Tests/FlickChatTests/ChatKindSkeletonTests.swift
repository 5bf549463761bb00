import Flick
import FlickChat
import FlickTestSupport
import Foundation
import Testing

/// Chat rows on screen before their layout exists show their kind's own skeleton — a pale
/// bubble on the message's side, an empty day pill — never the generic placeholder tile: held
/// workers, a 25,000 pt/s fling and a jump storm, in lockstep, on the public surface.
@Suite("Chat kind skeletons", .serialized)
@MainActor
struct ChatKindSkeletonTests {
    static func session(messages: Int = 3_000) -> ChatSession {
        var configuration = ChatSession.Configuration()
        configuration.messages = messages
        configuration.initial = messages
        configuration.streamInterval = nil
        var list = CellList<String>.Configuration.chat
        list.engine.animatesUpdates = false
        return ChatSession(configuration: configuration, list: CellList(configuration: list, kinds: ChatSession.kinds()))
    }

    @Test func rowsWithoutLayoutShowABubbleOnTheirSide() throws {
        let session = Self.session()
        let list = session.list
        let engine = list.engine
        var time = 0.0
        for _ in 0..<4 {
            engine.waitForWorkers()
            list.frame(at: time)
            time += 1 / 120
        }
        let gate = PoolGate(pool: engine.pool)
        defer { gate.open() }
        let layoutsBefore = engine.counters.layouts
        engine.jump(toRow: 1_000, time: time)
        var stats = FrameStats()
        for _ in 0..<6 {
            stats = list.frame(at: time)
            time += 1 / 120
            #expect(stats.placeholderPixels == 0 && stats.rowsPlaceholder == 0, "the generic tile showed at frame \(stats.index)")
            #expect(stats.rowsBlank == 0 && stats.blankPixels == 0)
        }
        #expect(engine.counters.layouts == layoutsBefore, "no layout finished while the workers were held")
        let shown = engine.compositor.kindSkeletonRows
        #expect(shown.count == engine.lastContents.count && shown.count >= 4, "every visible row shows a kind skeleton: \(shown)")
        #expect(stats.kindSkeletonPixels >= stats.viewportPixels, "kind skeletons cover the viewport (a stuck separator over them)")
        var sides = Set<Bool>()
        for (row, _) in shown {
            let cell = try #require(list.cells.indices.contains(row) ? list.cells[row] : nil)
            let layer = try #require(engine.compositor.layers.first { $0.row == row && $0.role == .skeleton })
            guard cell.id.hasPrefix("m"), let index = Int(cell.id.dropFirst()) else { continue }  // a day separator
            let message = session.message(index)
            sides.insert(message.mine)
            // The bubble's colour sits on the message's side at mid-height; the other side is background.
            let y = min(layer.bitmap.pixelSize.height - 1, Int(2 * engine.heights.height(ofRow: row) / 2))
            let left = layer.bitmap.pixel(x: 2 * 20, y: y)
            let right = layer.bitmap.pixel(x: layer.bitmap.pixelSize.width - 2 * 20, y: y)
            let background = Pixel(alpha: 255, red: 0xF2, green: 0xF2, blue: 0xF7)
            if message.mine {
                #expect(right != background && left == background, "row \(row) (mine): bubble on the right")
            } else {
                #expect(left != background && right == background, "row \(row) (theirs): bubble on the left")
            }
        }
        #expect(sides.count == 2, "both sides on screen")
    }

    @Test func fastFlingAndJumpStormNeverShowTheGenericTile() throws {
        let session = Self.session()
        let engine = session.list.engine
        let display = HeadlessDisplay(engine: engine, hz: 120, pacing: .lockstep)
        display.play(try ScrollScript(parsing: "fling -25000\nsettle\nfling 25000\nsettle\n" + StandardScripts.jumpStorm(rowCount: engine.source.rowCount)))
        let frames = display.frames
        #expect(frames.contains { abs($0.offset - frames[0].offset) > 10_000 }, "the fling travelled")
        #expect(frames.allSatisfy { $0.placeholderPixels == 0 && $0.rowsPlaceholder == 0 }, "placeholder area 0")
        #expect(frames.allSatisfy { $0.rowsBlank == 0 && $0.blankPixels == 0 })
        #expect(frames.reduce(0) { $0 + $1.rowsKindSkeleton } > 10, "rows came on screen before their layout")
    }
}
