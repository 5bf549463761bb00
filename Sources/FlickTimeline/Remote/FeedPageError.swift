import Foundation

/// Why a page could not be fetched. Every case names the page's URL, so one log line (or
/// one footer message) says which page failed and how; the URL is escaped when printed.
public enum FeedPageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Only `http`, `https` and `file` URLs are fetched.
    case unsupportedScheme(url: URL)
    /// The server answered with a status outside 200…299; `message` is the body's `error`
    /// member or its first bytes, escaped for printing, when there was one.
    case httpStatus(url: URL, status: Int, message: String?)
    /// The server answered `status` (429, 503) asking to wait `seconds` (`Retry-After`),
    /// longer than `limit` (`Configuration.maxRetryAfter`): not waited for.
    case retryAfterTooLong(url: URL, status: Int, seconds: Double, limit: Double)
    /// No byte arrived for `seconds` (`Configuration.idleTimeout`): a stalled server.
    case idleTimeout(url: URL, seconds: Double)
    /// The whole page took longer than `seconds` (`Configuration.totalTimeout`): a server
    /// trickling bytes.
    case totalTimeout(url: URL, seconds: Double)
    /// The body passed `limit` bytes (`Configuration.maxPageBytes`), counted as they arrived
    /// (inflated); the rest was not read.
    case tooLarge(url: URL, limit: Int)
    /// The compressed body inflated past `ratio` times its size (`Configuration.maxInflationRatio`).
    case inflationTooLarge(url: URL, ratio: Int)
    /// The connection closed before the announced body length arrived.
    case truncated(url: URL, received: Int, expected: Int?)
    /// A redirect was not followed: too many, a cycle, another host, not http(s).
    case redirect(url: URL, reason: String)
    /// The server did not speak HTTP correctly (a bad chunk, more bytes than announced, a
    /// damaged gzip stream).
    case malformed(url: URL, reason: String)
    /// The body is declared as something other than a feed page (`Content-Type`: HTML, an
    /// image…); `type` is the declared media type, escaped.
    case contentType(url: URL, type: String)
    /// The body arrived whole but is not a feed page (invalid JSON, no `posts`).
    case invalidFeed(url: URL, FeedDecoder.Error)
    /// Anything else below HTTP: refused connection, unknown host, reset.
    case transport(url: URL, reason: String)
    /// The fetching task was cancelled.
    case cancelled(url: URL)

    /// The page that failed.
    public var url: URL {
        switch self {
        case .unsupportedScheme(let url), .httpStatus(let url, _, _), .retryAfterTooLong(let url, _, _, _), .idleTimeout(let url, _),
            .totalTimeout(let url, _), .tooLarge(let url, _), .inflationTooLarge(let url, _), .truncated(let url, _, _),
            .redirect(let url, _), .malformed(let url, _), .contentType(let url, _), .invalidFeed(let url, _),
            .transport(let url, _), .cancelled(let url):
            url
        }
    }

    public var description: String {
        let page = FeedWarning.escaped(url.absoluteString)
        switch self {
        case .unsupportedScheme: return "\(page): only http, https and file URLs can be fetched"
        case .httpStatus(_, let status, let message):
            return "\(page): HTTP \(status)" + (message.map { ": \($0)" } ?? "")
        case .retryAfterTooLong(_, let status, let seconds, let limit):
            let asked = seconds >= 1e12 ? String(format: "%.3g", seconds) : Self.seconds(seconds)
            return "\(page): HTTP \(status): the server asks to retry after \(asked) s, longer than the \(Self.seconds(limit)) s this client waits"
        case .idleTimeout(_, let seconds): return "\(page): no data for \(Self.seconds(seconds)) s (idle timeout)"
        case .totalTimeout(_, let seconds): return "\(page): not complete after \(Self.seconds(seconds)) s (total timeout)"
        case .tooLarge(_, let limit): return "\(page): the page is larger than \(limit) bytes"
        case .inflationTooLarge(_, let ratio):
            return "\(page): the compressed page inflates more than \(ratio) times its size (a compression bomb); not read further"
        case .truncated(_, let received, let expected):
            return "\(page): the body was cut off after \(received) bytes"
                + (expected.map { " of \($0)" } ?? "")
        case .redirect(_, let reason): return "\(page): \(FeedWarning.escaped(reason))"
        case .malformed(_, let reason): return "\(page): \(FeedWarning.escaped(reason))"
        case .contentType(_, let type): return "\(page): the server sent \(FeedWarning.escaped(type)), not a JSON feed page"
        case .invalidFeed(_, let error): return "\(page): \(error)"
        case .transport(_, let reason): return "\(page): \(FeedWarning.escaped(reason))"
        case .cancelled: return "\(page): cancelled"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
    }
}
