import FlickCore
import FlickTestSupport
import Foundation
import Testing
@testable import FlickTimeline

/// The data window over a store of a million posts: memory must not depend on the store.
///
/// Resident memory is process-wide, and suites running in parallel in the same process moved it
/// by over 100 MB during this test (a CI run failed that way). So the test runs alone in a
/// child process of the runner. Each step slides the request by its own length, making the
/// measured 1,400 steps load about 580,000 posts; were loaded posts retained, RSS would grow by
/// well over 100 MB. Alone, it grows by under 1 MB; the bound is 32 MB.
@Suite("Data window over a million rows", .serialized)
struct DataWindowMillionRowTests {
    static let rowCount = 1_000_000
    static let steps = 2_400
    static let memoryBound = 32 * 1024 * 1024

    @Test func slidingOverAMillionRowsKeepsMemoryBounded() async throws {
        guard IsolatedRun.isAlone else {
            let outcome = try await IsolatedRun.runAlone(filter: "DataWindowMillionRowTests")
            #expect(outcome.status == 0, "the test failed alone:\n\(outcome.output)")
            #expect(outcome.output.contains("[measure] insert"), "the child did not run the test:\n\(outcome.output)")
            if let line = outcome.output.split(separator: "\n").first(where: { $0.contains("[measure]") }) {
                print(line)
            }
            return
        }
        let directory = ScratchDirectory()
        let store = try FeedStore(path: directory.path("million.sqlite"), configuration: .bulkLoad)
        let users = (0..<100).map { User(id: "u\($0)", name: "用户\($0)") }
        let base = DataFixtures.epoch2026
        let insertStart = Date()
        var next = 0
        while next < Self.rowCount {
            let chunk = next..<min(Self.rowCount, next + 50_000)
            try store.insert(
                chunk.map {
                    Post(
                        id: "\($0)", createdAt: base.addingTimeInterval(-Double($0)), user: users[$0 % 100],
                        text: "第\($0)条 今天天气不错 @bob #Swift#")
                })
            next = chunk.upperBound
        }
        let insertSeconds = Date().timeIntervalSince(insertStart)
        #expect(try store.count() == Self.rowCount)

        let window = try DataWindow(store: store)
        let capacity = window.configuration.capacity
        let stride = (Self.rowCount - 1) / (Self.steps - 1)
        var memoryAfterFirstThousand = 0
        for step in 0..<Self.steps {
            let row = step * stride
            window.request(rows: row..<(row + stride + 1))
            if step % 7 == 0 { window.prefetch(around: min(Self.rowCount - 1, row + 5_000)) }
            window.waitUntilIdle()
            #expect(window.residentCount <= capacity, "step \(step)")
            if step % 100 == 0 { #expect(window.post(at: row + stride)?.id == "\(row + stride)") }
            if step == 999 { memoryAfterFirstThousand = processResidentBytes() ?? 0 }
        }
        let growth = (processResidentBytes() ?? 0) - memoryAfterFirstThousand
        #expect(memoryAfterFirstThousand > 0)
        #expect(growth < Self.memoryBound, "resident memory grew by \(growth / 1024) KiB")
        #expect(window.loadStatistics.completed > Self.rowCount / window.configuration.pageSize)
        // Measurements for the report (not asserted: timing depends on the machine).
        let size = (try? FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int) ?? 0
        var readTimes: [Double] = []
        var generator = SplitMix64(seed: 1)
        for _ in 0..<200 {
            let start = Int(generator.next() % UInt64(Self.rowCount - 50))
            let began = DispatchTime.now().uptimeNanoseconds
            let posts = try store.posts(in: start..<(start + 50))
            readTimes.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6)
            #expect(posts.count == 50)
        }
        readTimes.sort()
        print(
            "[measure] insert \(Self.rowCount) posts: \(String(format: "%.1f", insertSeconds)) s; db \(size / 1_048_576) MiB;"
                + " posts(in:) 50 rows median \(String(format: "%.2f", readTimes[100])) ms, p95 \(String(format: "%.2f", readTimes[190])) ms;"
                + " RSS growth after step 1000: \(growth / 1024) KiB")
    }
}
