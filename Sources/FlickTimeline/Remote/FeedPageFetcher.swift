import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches feed pages (FEED-FORMAT.md, with a served timeline's `next` and `newer`) over
/// HTTP with URLSession, and parses them into `FeedPage` values. The one page fetcher of
/// Flick: `flick import` and the live timeline client both use it.
///
/// Threading: `fetch(_:)` may be awaited from any task or actor, many at once. It is a
/// nonisolated `async` function, so even when the main actor awaits it, it runs on the
/// global concurrent executor (Swift 6 semantics; this package does not turn on
/// `NonisolatedNonsendingByDefault`): the transfer runs on URLSession's threads, the body
/// is parsed on a cooperative-pool thread (about a millisecond for a 200-post page in
/// release), and the result is an immutable `FeedPage` that crosses back to the caller as a
/// plain value. The main thread never waits on the network or the parser. Cancelling the
/// calling task cancels the transfer (`FeedPageError.cancelled`).
///
/// ```swift
/// let fetcher = FeedPageFetcher()
/// let page = try await fetcher.fetch(URL(string: "http://127.0.0.1:8080/timeline")!)
/// page.posts   // newest first
/// page.next    // the next older page, nil at the end
/// ```
///
/// Each failure is a typed `FeedPageError` naming the URL: a status outside 200…299, an
/// idle or total timeout, a body over the byte cap, a body cut off before its announced
/// length, a body that is not a feed page. `file:` URLs are read from disk (the same cap).
public final class FeedPageFetcher: Sendable {
    public let configuration: Configuration
    private let session: URLSession
    private let transfers: PageTransfers

    public init(configuration: Configuration = .default) {
        self.configuration = configuration
        let transfers = PageTransfers(configuration: configuration)
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // Backstops only: the transfers' own watchdog enforces both limits and names them.
        sessionConfiguration.timeoutIntervalForRequest = configuration.idleTimeout + 5
        sessionConfiguration.timeoutIntervalForResource = configuration.totalTimeout + 5
        let queue = OperationQueue()
        queue.name = "flick.feedpagefetcher"
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: sessionConfiguration, delegate: transfers, delegateQueue: queue)
        self.transfers = transfers
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Fetches and parses the page at `url`. See the type's documentation for threads and
    /// errors; a bad post is never an error (it is in `FeedPage.warnings`).
    public func fetch(_ url: URL) async throws(FeedPageError) -> FeedPage {
        let body: PageBody
        switch url.scheme?.lowercased() {
        case "http", "https": body = try await transfer(url)
        case "file": body = try readFile(url)
        default: throw .unsupportedScheme(url: url)
        }
        do {
            return try FeedPage.parse(body.data, url: body.url, configuration: configuration.feedReading)
        } catch {
            throw .invalidFeed(url: url, error)
        }
    }

    private func transfer(_ url: URL) async throws(FeedPageError) -> PageBody {
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        let transfers = self.transfers
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfers.begin(task, url: url, continuation: continuation)
            }
        } onCancel: {
            transfers.fail(task.taskIdentifier, with: .cancelled(url: url))
            task.cancel()
        }
        return try result.get()
    }

    private func readFile(_ url: URL) throws(FeedPageError) -> PageBody {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= configuration.maxPageBytes else { throw .tooLarge(url: url, limit: configuration.maxPageBytes) }
        do {
            return PageBody(url: url, data: try Data(contentsOf: url))
        } catch {
            throw .transport(url: url, reason: (error as NSError).localizedDescription)
        }
    }
}

/// A page's bytes and the URL they came from (after redirects).
struct PageBody: Sendable {
    let url: URL
    let data: Data
}
