import Dispatch
import FlickCore
import Testing
@testable import FlickTimeline

@Suite("Data window")
struct DataWindowTests {
    static func configuration(pageSize: Int = 10, pages: Int = 4) -> DataWindow.Configuration {
        var configuration = DataWindow.Configuration()
        configuration.pageSize = pageSize
        configuration.maxResidentPages = pages
        return configuration
    }

    @Test func defaultsAreDocumentedValues() {
        let defaults = DataWindow.Configuration.default
        #expect(defaults.pageSize == 64 && defaults.maxResidentPages == 16 && defaults.capacity == 1_024)
    }

    @Test func requestedRowsBecomeResidentAndOthersStayPlaceholders() {
        let loader = SyntheticLoader(rowCount: 1_000)
        let window = DataWindow(loader: loader, rowCount: 1_000, configuration: Self.configuration())
        #expect(window.post(at: 15) == nil)
        window.request(rows: 12..<28)
        window.waitUntilIdle()
        #expect(window.post(at: 15)?.id == "15")
        #expect(window.post(at: 29)?.id == "29")
        #expect(window.post(at: 30) == nil)
        #expect(window.residentCount == 20)
        #expect(Set(loader.calls.value) == [10..<20, 20..<30])
    }

    @Test func eventsArriveOnTheCallersQueueForEachLoadedPage() {
        let log = EventLog()
        let window = DataWindow(
            loader: SyntheticLoader(rowCount: 35), rowCount: 35, configuration: Self.configuration(),
            callbackQueue: log.queue, onEvent: log.handler)
        window.request(rows: 0..<100)
        window.waitUntilIdle()
        #expect(log.all.sorted() == ["loaded 0..<10", "loaded 10..<20", "loaded 20..<30", "loaded 30..<35"])
    }

    @Test func loadForAnEvictedPageIsCancelledBeforeItReads() {
        let manual = ManualExecutor()
        let loader = SyntheticLoader(rowCount: 10_000)
        let window = DataWindow(
            loader: loader, rowCount: 10_000, configuration: Self.configuration(pages: 2), executor: manual.executor)
        window.request(rows: 0..<5)
        window.request(rows: 500..<505)
        window.request(rows: 900..<905)
        #expect(manual.pending == 3)
        manual.runAll()
        window.waitUntilIdle()
        #expect(loader.calls.value == [500..<510, 900..<910])
        #expect(window.loadStatistics.cancelled == 1)
        #expect(window.post(at: 0) == nil && window.post(at: 503)?.id == "503")
    }

    @Test func loadThatFinishesAfterItsPageWasEvictedIsDropped() {
        let loader = GatedLoader(rowCount: 10_000)
        let log = EventLog()
        let window = DataWindow(
            loader: loader, rowCount: 10_000, configuration: Self.configuration(pages: 2),
            callbackQueue: log.queue, onEvent: log.handler)
        window.request(rows: 0..<5)
        loader.started.wait()  // page 0 is being read now
        window.request(rows: 500..<505)
        window.request(rows: 900..<905)  // evicts page 0 mid-read
        loader.open()
        window.waitUntilIdle()
        #expect(window.post(at: 0) == nil)
        #expect(window.post(at: 901)?.id == "901")
        #expect(window.loadStatistics.dropped == 1)
        #expect(window.residentCount == 20)
        #expect(!log.all.contains("loaded 0..<10"))
    }

    @Test func residentPostsNeverExceedCapacityWhileJumpingAround() {
        let window = DataWindow(
            loader: SyntheticLoader(rowCount: 100_000), rowCount: 100_000, configuration: Self.configuration(pages: 5))
        var generator = SplitMix64(seed: 7)
        for step in 0..<300 {
            let row = Int(generator.next() % 100_000)
            if step % 3 == 0 { window.prefetch(around: row, radius: 25) } else { window.request(rows: row..<(row + 15)) }
            #expect(window.residentCount + window.loadingPageCount * 10 <= 50)
            if step % 10 == 0 { window.waitUntilIdle() }
        }
        window.waitUntilIdle()
        #expect(window.residentCount <= window.configuration.capacity)
    }

    @Test func prefetchLoadsTheLandingZoneWithoutDroppingTheVisibleRows() {
        let window = DataWindow(
            loader: SyntheticLoader(rowCount: 100_000), rowCount: 100_000, configuration: Self.configuration(pages: 8))
        window.request(rows: 0..<15)
        window.prefetch(around: 50_000, radius: 20)
        window.waitUntilIdle()
        #expect(window.post(at: 3)?.id == "3")
        #expect((49_980...50_020).allSatisfy { window.post(at: $0)?.id == "\($0)" })
        #expect(window.post(at: 50_040) == nil)
    }

    @Test func failedLoadIsReportedAndRetriedOnTheNextRequest() {
        let loader = SyntheticLoader(rowCount: 100)
        loader.failing.withLock { $0 = [10] }
        let log = EventLog()
        let window = DataWindow(
            loader: loader, rowCount: 100, configuration: Self.configuration(), callbackQueue: log.queue, onEvent: log.handler)
        window.request(rows: 10..<12)
        window.waitUntilIdle()
        #expect(log.all == ["failed 10..<20"])
        #expect(window.post(at: 10) == nil)
        loader.failing.withLock { $0 = [] }
        window.request(rows: 10..<12)
        window.waitUntilIdle()
        #expect(window.post(at: 10)?.id == "10")
        #expect(window.loadStatistics.failed == 1)
    }

    @Test func refreshReplacesEditedRowsInPlace() {
        let loader = SyntheticLoader(rowCount: 100)
        let window = DataWindow(loader: loader, rowCount: 100, configuration: Self.configuration())
        window.request(rows: 0..<30)
        window.waitUntilIdle()
        loader.edition.withLock { $0 = 1 }
        window.refresh(rows: 12..<13)
        window.waitUntilIdle()
        #expect(window.post(at: 12)?.text == "row 12 e1")
        #expect(window.post(at: 2)?.text == "row 2 e0")
    }

    @Test func resetAdoptsANewRowCountAndReloadsTheLatestRequest() {
        let loader = SyntheticLoader(rowCount: 1_000)
        let window = DataWindow(loader: loader, rowCount: 25, configuration: Self.configuration())
        window.request(rows: 20..<40)
        window.waitUntilIdle()
        #expect(window.post(at: 30) == nil)
        window.reset(rowCount: 1_000)
        window.waitUntilIdle()
        #expect(window.rowCount == 1_000)
        #expect(window.post(at: 30)?.id == "30")
    }

    @Test func windowOverAFeedStoreReadsItsRows() throws {
        let directory = ScratchDirectory()
        let store = try FeedStore(path: directory.path("w.sqlite"), configuration: .bulkLoad)
        try store.insert((0..<300).map { DataFixtures.post($0) })
        let window = try DataWindow(store: store, configuration: Self.configuration(pageSize: 64, pages: 4))
        #expect(window.rowCount == 300)
        window.request(rows: 250..<300)
        window.waitUntilIdle()
        #expect(window.post(at: 299) == DataFixtures.post(299))
    }
}
