import Flick
import FlickChat
import FlickCore
import FlickList
import Foundation
import Testing

/// Find in the chat, on the public surface: the bubbles' text (`BubbleKind.searchableText`)
/// searched in memory on the find's workers, a fresh snapshot for each query, so messages that
/// arrived after the find was made are found too.
@Suite("Chat find", .serialized)
@MainActor
struct ChatFindTests {
    @Test func findReachesAMessageFarAboveAndOneThatArrivedLater() throws {
        let session = ChatKindSkeletonTests.session(messages: 2_000)
        let list = session.list
        let display = HeadlessDisplay(engine: list.engine, hz: 120, pacing: .lockstep)
        let find = ListFind<CellSource<String>>(searching: { CellSearching(cells: list.cells) })
        display.find = find
        display.play(try ScrollScript(parsing: "settle"))
        // A message near the top, far above the bottom the chat opens at: the rows from the
        // top are searched, wrapping past the end.
        let cells = list.cells
        let target = try #require(cells.indices.first { index in
            guard let text = cells[index].searchableText, text.count > 30 else { return false }
            let probe = SearchQuery(String(text.suffix(24)))
            return cells.indices.filter { cells[$0].searchableText.map(probe.matches) == true } == [index]
        })
        let needle = String(try #require(cells[target].searchableText).suffix(24))
        find.open(engine: list.engine)
        find.setText(needle, time: display.now)
        display.play(try ScrollScript(parsing: "find-next\nsettle"))
        #expect(find.currentRow == target, "the only message with that text: \(needle)")
        #expect(find.status == "1 of 1")
        #expect(list.engine.visibleCentre(ofRow: target) != nil, "scrolled to it")

        // A message appended after the find was made: the next query sees it.
        let marker = "zebra-marker \(getpid())"
        session.list.apply(snapshot: list.cells + [Cell(id: "late", kind: BubbleKind(mine: true), content: ChatMessage(
            id: "late", author: "me", mine: true, text: marker, sent: Date(), photo: nil))])
        display.play(try ScrollScript(parsing: "settle\nfind \(marker)"))
        #expect(find.currentRow == list.cells.count - 1)
    }
}
