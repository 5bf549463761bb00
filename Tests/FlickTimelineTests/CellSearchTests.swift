import Flick
import FlickCore
import Foundation
import Testing
@testable import FlickTimeline

@Suite("Find in memory (CellSearch) and the query rules")
struct CellSearchTests {
    /// A kind with no text: the protocol's default.
    struct Divider: CellKind {
        struct Layout: CellLayout { let height: Double }
        func layout(_ content: Int, in environment: CellEnvironment) -> Layout { Layout(height: 1) }
        func draw(_ layout: Layout, in canvas: Canvas, state: CellState) {}
    }

    /// Posts as `PostCellKind` gives their text, without its renderer.
    struct PostText: CellKind {
        struct Layout: CellLayout { let height: Double }
        func layout(_ content: Post, in environment: CellEnvironment) -> Layout { Layout(height: 1) }
        func draw(_ layout: Layout, in canvas: Canvas, state: CellState) {}
        func searchableText(_ post: Post) -> String? { PostCellKind.searchableText(of: post) }
    }

    @Test func searchFindsRowsInListOrderWithRangesLikeTheStore() async throws {
        let posts = SearchFixtures.generated(1_500)
        var cells: [Cell<String>] = []
        for (index, post) in posts.enumerated() {
            cells.append(Cell(id: post.id, version: post.contentVersion, kind: PostText(), content: post))
            if index % 10 == 0 { cells.append(Cell(id: "divider\(index)", version: 0, kind: Divider(), content: index)) }
        }
        for text in SearchFixtures.queries + SearchFixtures.hostile {
            let query = SearchQuery(text)
            let found = await CellSearch.run(query, in: cells)
            #expect(found.map(\.id) == SearchFixtures.expected(query, in: posts), "query \(text.prefix(30).debugDescription)")
            for match in found.prefix(20) {
                #expect(cells[match.row].id == match.id)
                let utf8 = Array(try #require(cells[match.row].searchableText).utf8)
                #expect(!match.utf8Ranges.isEmpty)
                for range in match.utf8Ranges {
                    let piece = String(decoding: utf8[range], as: UTF8.self)
                    #expect(SearchQuery(piece).folded == query.folded, "range \(range) of \(match.id) is \(piece)")
                }
            }
        }
    }

    @Test func rangesAreCaseInsensitiveAndCoverEveryOccurrence() {
        let query = SearchQuery("ab")
        let text = "xABxabAb"
        let ranges = query.ranges(in: text).map { text[$0] }
        #expect(ranges == ["AB", "ab", "Ab"])
        #expect(SearchQuery("微笑").ranges(in: "[微笑]哈[微笑]").count == 2)
        #expect(SearchQuery("σ").matches("ΣΊΣΥΦΟΣ"))
        #expect(!SearchQuery("").matches("anything"))
    }

    @Test func cancelledSearchStopsEarly() {
        let post = DataFixtures.post(1, text: "needle")
        let cells = (0..<10_000).map { Cell(id: $0, version: 0, kind: PostText(), content: post) }
        var asked = 0
        let found = CellSearch.matches(SearchQuery("needle"), in: cells) {
            asked += 1
            return asked > 2
        }
        #expect(found.count == 2 * CellSearch.cancellationStride)
        #expect(CellSearch.matches(SearchQuery("needle"), in: cells, limit: 5).count == 5)
    }
}
