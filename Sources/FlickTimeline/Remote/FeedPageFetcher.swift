import FlickHTTP
import Foundation

/// Fetches feed pages (FEED-FORMAT.md, with a served timeline's `next` and `newer`) over
/// HTTP and parses them into `FeedPage` values. The one page fetcher of Flick: `flick import`
/// and the live timeline client both use it.
///
/// The transport is `HTTPTransport` (async-http-client): every body is bounded however it is
/// framed (counted as it arrives, inflated step by step under a ratio limit), every request
/// has an idle and a total timeout on the event loop, redirects stay on the page's origin.
/// This type is the policy: the caps and timeouts of `Configuration`, which media types are a
/// page, when to retry (`PageRetry`: 429/503 with `Retry-After` up to `maxRetryAfter`, else
/// backoff), and the typed `FeedPageError` naming the URL.
///
/// Threading: `fetch(_:)` may be awaited from any task or actor, many at once. It is a
/// nonisolated `async` function, so even when the main actor awaits it, it runs on the
/// global concurrent executor: the transfer runs on the transport's event loops (the wait
/// holds no thread), the body is parsed on a cooperative-pool thread (about a millisecond
/// for a 200-post page in release), and the result is an immutable `FeedPage` that crosses
/// back to the caller as a plain value. The main thread never waits on the network or the
/// parser. Cancelling the calling task cancels the transfer (`FeedPageError.cancelled`).
///
/// ```swift
/// let fetcher = FeedPageFetcher()
/// let page = try await fetcher.fetch(URL(string: "http://127.0.0.1:8080/timeline")!)
/// page.posts   // newest first
/// page.next    // the next older page, nil at the end
/// ```
///
/// `file:` URLs are read from disk (the same cap).
public final class FeedPageFetcher: Sendable {
    public let configuration: Configuration
    private let transport: HTTPTransport

    public init(configuration: Configuration = .default) {
        self.configuration = configuration
        transport = HTTPTransport(configuration: configuration.transport)
    }

    /// Fetches and parses the page at `url`. See the type's documentation for threads and
    /// errors; a bad post is never an error (it is in `FeedPage.warnings`).
    public func fetch(_ url: URL) async throws(FeedPageError) -> FeedPage {
        let body: PageBody
        switch url.scheme?.lowercased() {
        case "http", "https": body = try await download(url)
        case "file": body = try readFile(url)
        default: throw .unsupportedScheme(url: url)
        }
        do {
            return try FeedPage.parse(body.data, url: body.url, configuration: configuration.feedReading)
        } catch {
            throw .invalidFeed(url: url, error)
        }
    }

    /// The page's body, asking again while the server says "later" (`PageRetry`).
    private func download(_ url: URL) async throws(FeedPageError) -> PageBody {
        var attempt = 0
        while true {
            attempt += 1
            let response = try await transfer(url)
            if response.isSuccess {
                try Self.checkMediaType(response, url: url)
                return PageBody(url: response.url, data: response.data)
            }
            switch PageRetry.decide(status: response.status, retryAfter: response.retryAfter(), attempt: attempt, configuration: configuration) {
            case .giveUp:
                throw .httpStatus(url: url, status: response.status, message: Self.message(in: response.data))
            case .tooLong(let seconds):
                throw .retryAfterTooLong(url: url, status: response.status, seconds: seconds, limit: configuration.maxRetryAfter)
            case .wait(let seconds):
                do {
                    try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
                } catch {
                    throw .cancelled(url: url)
                }
            }
        }
    }

    private func transfer(_ url: URL) async throws(FeedPageError) -> HTTPResponse {
        let allowed = configuration.allowedRedirectHosts
        do {
            return try await transport.get(url, headers: [("Accept", "application/json")]) { _, next in
                FeedPageImporter.refusal(of: next, start: url, allowedHosts: allowed)
            }
        } catch {
            throw Self.pageError(error, url: url, configuration: configuration)
        }
    }

    /// A page is JSON: a body declared as anything else (HTML, an image, a download) is
    /// refused before parsing. No Content-Type, `…json…` and `text/plain` pass.
    static func checkMediaType(_ response: HTTPResponse, url: URL) throws(FeedPageError) {
        guard let type = response.mediaType, !type.contains("json"), type != "text/plain" else { return }
        throw .contentType(url: url, type: String(type.prefix(80)))
    }

    /// The page error a transport error amounts to.
    static func pageError(_ error: HTTPTransportError, url: URL, configuration: Configuration) -> FeedPageError {
        switch error {
        case .idleTimeout(let seconds): .idleTimeout(url: url, seconds: seconds)
        case .totalTimeout(let seconds): .totalTimeout(url: url, seconds: seconds)
        case .tooLarge: .tooLarge(url: url, limit: configuration.maxPageBytes)
        case .inflationTooLarge(let ratio): .inflationTooLarge(url: url, ratio: ratio)
        case .truncated(let received, let expected): .truncated(url: url, received: received, expected: expected)
        case .tooManyRedirects, .redirectRefused: .redirect(url: url, reason: error.description)
        case .malformed(let reason): .malformed(url: url, reason: reason)
        case .connection(let reason): .transport(url: url, reason: reason)
        case .cancelled: .cancelled(url: url)
        }
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

    /// The `error` member of a JSON error body, or the body's first line; escaped and capped.
    static func message(in data: Data) -> String? {
        guard !data.isEmpty else { return nil }
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        let text = (object?["error"] as? String)
            ?? String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let capped = text.count > 200 ? text.prefix(200) + "…" : Substring(text)
        return capped.isEmpty ? nil : FeedWarning.escaped(String(capped))
    }
}

/// A page's bytes and the URL they came from (after redirects).
struct PageBody: Sendable {
    let url: URL
    let data: Data
}
