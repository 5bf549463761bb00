import Testing
@testable import FlickTimeline

@Suite("Page table decisions")
struct PageTableTests {
    @Test func requestLoadsCoveringPagesNearestTheMiddleFirst() {
        var table = PageTable(pageSize: 10, maxPages: 8, rowCount: 1_000)
        let loads = table.want(25..<75, prefetch: false)
        #expect(loads.map(\.page) == [4, 3, 5, 2, 6, 7])
        #expect(loads.first?.rows == 40..<50)
        let again = table.want(30..<40, prefetch: false)
        #expect(again.isEmpty)
    }

    @Test func rowsOutsideTheTimelineAreIgnored() {
        var table = PageTable(pageSize: 10, maxPages: 8, rowCount: 25)
        let before = table.want(-30..<5, prefetch: false)
        #expect(before.map(\.page) == [0])
        let after = table.want(20..<500, prefetch: false)
        #expect(after.map(\.rows) == [20..<25])
        let beyond = table.want(100..<200, prefetch: false)
        #expect(beyond.isEmpty)
    }

    @Test func oversizedRequestIsClippedToCapacityAroundItsMiddle() {
        var table = PageTable(pageSize: 10, maxPages: 3, rowCount: 1_000)
        let loads = table.want(0..<1_000, prefetch: false)
        #expect(loads.map(\.page).sorted() == [48, 49, 50])
        #expect(table.slots.count == 3)
    }

    @Test func evictionDropsPagesFurthestFromTheLatestRequest() {
        var table = PageTable(pageSize: 10, maxPages: 3, rowCount: 1_000)
        for page in [0, 1, 2] { _ = table.want((page * 10)..<(page * 10 + 1), prefetch: false) }
        _ = table.want(15..<16, prefetch: false)
        _ = table.want(300..<301, prefetch: false)
        #expect(Set(table.slots.keys) == [1, 2, 30])
    }

    @Test func prefetchKeepsPagesNearTheRequestAndTheLandingZone() {
        var table = PageTable(pageSize: 10, maxPages: 4, rowCount: 10_000)
        _ = table.want(0..<20, prefetch: false)          // pages 0, 1
        _ = table.want(5_000..<5_020, prefetch: true)    // pages 500, 501
        #expect(Set(table.slots.keys) == [0, 1, 500, 501])
        _ = table.want(20..<30, prefetch: false)         // page 2: evicts the page furthest from both anchors
        #expect(Set(table.slots.keys) == [1, 2, 500, 501])
        _ = table.want(5_000..<5_010, prefetch: false)   // landed: the prefetch anchor is merged
        #expect(table.prefetchAnchor == nil)
        #expect(table.slots.keys.contains(500))
    }

    @Test func staleCompletionsAreRejected() {
        var table = PageTable(pageSize: 10, maxPages: 1, rowCount: 100)
        let first = table.want(0..<5, prefetch: false)[0]
        let second = table.want(50..<55, prefetch: false)[0]
        #expect(!table.isPending(first))
        let staleAccepted = table.complete(first, posts: [SyntheticLoader.post(0)])
        #expect(!staleAccepted)
        #expect(table.post(at: 0) == nil)
        let accepted = table.complete(second, posts: (50..<60).map { SyntheticLoader.post($0) })
        #expect(accepted)
        #expect(table.post(at: 57)?.id == "57")
        #expect(table.residentCount == 10)
    }

    @Test func refreshKeepsOldPostsUntilTheReloadLands() {
        var table = PageTable(pageSize: 10, maxPages: 4, rowCount: 100)
        let load = table.want(0..<5, prefetch: false)[0]
        _ = table.complete(load, posts: (0..<10).map { SyntheticLoader.post($0) })
        let reload = table.refresh(3..<4)
        #expect(reload.map(\.page) == [0])
        #expect(table.post(at: 3)?.text == "row 3 e0")
        let oldAccepted = table.complete(load, posts: [])
        #expect(!oldAccepted)
        let reloaded = table.complete(reload[0], posts: (0..<10).map { SyntheticLoader.post($0, edition: 1) })
        #expect(reloaded)
        #expect(table.post(at: 3)?.text == "row 3 e1")
        let nothing = table.refresh(50..<60)
        #expect(nothing.isEmpty)
    }

    @Test func failedLoadForgetsThePageSoItIsRetried() {
        var table = PageTable(pageSize: 10, maxPages: 4, rowCount: 100)
        let load = table.want(0..<5, prefetch: false)[0]
        let failed = table.fail(load)
        #expect(failed)
        let retry = table.want(0..<5, prefetch: false)
        #expect(retry.map(\.page) == [0])
    }
}
