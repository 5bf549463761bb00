import Flick
import FlickCore
import FlickList
@testable import FlickTimeline
import Foundation
import Testing

/// The live timeline's order over a real store: new posts on top, deletions, moves and edits
/// are held in memory (`RowOrder`), the store is never rewritten, and what the list reads by row
/// — posts on the main thread and on workers, and the pages' hints — follows the new order.
@Suite("Timeline editor")
@MainActor
struct TimelineEditorTests {
    @Test func editsChangeTheRowsTheListReadsAndNeverTheStore() throws {
        let (store, folder) = try TimelineRowsTests.store(posts: 300, name: "editor")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try TimelinePages(store: store)
        let editor = TimelineEditor(source: source)
        let stored = try store.posts(in: 0..<300).map(\.id)
        var model = stored

        let insert = try #require(editor.perform(.insert(row: 0, count: 20)))
        #expect(insert == .inserting(20, at: 0, into: 300))
        let newIDs = (0..<20).map { source.cell(atRow: $0)?.id }
        #expect(newIDs.allSatisfy { $0?.hasPrefix("live-") == true }, "new posts come from the generator, in memory")
        model.insert(contentsOf: newIDs.compactMap { $0 }, at: 0)
        #expect(try #require(editor.perform(.delete(row: 25, count: 3))) == .deleting(25..<28, from: 320))
        model.removeSubrange(25..<28)
        #expect(try #require(editor.perform(.move(from: 30, to: 2))) == .moving(from: 30, to: 2, count: 317))
        model.insert(model.remove(at: 30), at: 2)
        let before = try #require(source.loadCell(atRow: 40))
        #expect(try #require(editor.perform(.edit(row: 40))) == .reloading([40], count: 317))
        #expect(editor.perform(.delete(row: 5_000, count: 1)) == nil, "an edit that does not fit is refused")

        #expect(source.rowCount == model.count)
        #expect((0..<model.count).map { source.loadCell(atRow: $0)?.id } == model, "workers read the new order")
        let edited = try #require(source.loadCell(atRow: 40))
        #expect(edited.id == before.id && edited.version != before.version, "an edit is a new version of the same post")
        #expect(try store.count() == 300, "the store was not touched")
        #expect(try store.posts(in: 0..<300).map(\.id) == stored)

        // Pages load by stored position; hints arrive under the rows' new indices.
        source.prepare(RowDemand(visible: 0..<64, preload: 0..<64, landing: nil, width: 375, scale: .two))
        source.waitUntilIdle()
        #expect(source.cell(atRow: 23)?.id == model[23], "main thread reads the page in memory")
        let hints = source.rows.takeHints()
        #expect(!hints.isEmpty)
        for hint in hints {
            let post = try #require(source.rows.loadPost(atRow: hint.row))
            #expect(hint.kind == post.kind.index, "hint for row \(hint.row) is its post's")
        }
        #expect(!hints.contains { model[$0.row].hasPrefix("live-") }, "posts held in memory have no page hints")
        #expect(hints.contains { $0.row == 2 }, "a stored post moved up is hinted at its new row")
    }
}
