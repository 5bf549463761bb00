import FlickServer
import FlickTimeline
import FlickTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stopping the feed server while image responses are stalled mid-body (the image-stall drill):
/// the process survives (Hummingbird once died with "Deinited NIOAsyncWriter without calling
/// finish()"), `stop` returns, the clients' transfers end, and the port can be served again.
@Suite(.timeLimit(.minutes(2)))
struct StallShutdownTests {
    /// Collects when each transfer got its response head and when it ended.
    final class Watcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var heads = 0
        private var ends: [Error?] = []

        var headCount: Int { lock.withLock { heads } }
        var endCount: Int { lock.withLock { ends.count } }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            lock.withLock { heads += 1 }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            lock.withLock { ends.append(error) }
        }
    }

    /// Polls `condition` every 20 ms (no wall-time assertion: the suite's time limit ends a hang).
    private func until(_ condition: () -> Bool) async throws {
        while !condition() { try await Task.sleep(for: .milliseconds(20)) }
    }

    @Test func stoppingTheServerMidStallEndsTheStalledResponsesSafely() async throws {
        var configuration = FeedServer.Configuration()
        configuration.drills.imageStall = .init(duration: .seconds(600))
        let server = try FeedServer(databasePath: TestFeeds.database(TestFeeds.small), configuration: configuration)
        _ = try await server.start()
        let timeline = try #require(server.timelineURL)
        let watcher = Watcher()
        let session = URLSession(configuration: .ephemeral, delegate: watcher, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let names = ["a00.jpg", "a01.jpg", "a02.jpg"]
        for name in names {
            session.dataTask(with: timeline.serverRoot.appendingPathComponent("images/\(name)")).resume()
        }
        // Every response is under way: head and half the body sent, the rest stalled.
        try await until { watcher.headCount == names.count }
        #expect(watcher.endCount == 0, "stalled, not finished")
        // More connections arriving as the server stops: a connection accepted but not yet
        // served when the serving task was cancelled is what trapped in SwiftNIO.
        let late = 40
        for index in 0..<late {
            let fresh = URLSession(configuration: .ephemeral, delegate: watcher, delegateQueue: nil)
            fresh.dataTask(with: timeline.serverRoot.appendingPathComponent("images/\(names[index % names.count])")).resume()
            fresh.finishTasksAndInvalidate()
        }
        await server.stop()
        // The process is still here, and the cut connections end the clients' transfers.
        try await until { watcher.endCount == names.count + late }
        // The server can serve again after a stop during a stall.
        let again = try FeedServer(databasePath: TestFeeds.database(TestFeeds.small))
        _ = try await again.start()
        let page = try await FeedPageFetcher(configuration: .patient).fetch(try #require(again.timelineURL).with(query: "limit=1"))
        #expect(page.posts.count == 1)
        await again.stop()
    }
}
