import Foundation

/// Why a page could not be fetched. Every case names the page's URL, so one log line (or
/// one footer message) says which page failed and how.
public enum FeedPageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Only `http`, `https` and `file` URLs are fetched.
    case unsupportedScheme(url: URL)
    /// The server answered with a status outside 200…299; `message` is the body's `error`
    /// member or its first bytes, escaped for printing, when there was one.
    case httpStatus(url: URL, status: Int, message: String?)
    /// No byte arrived for `seconds` (`Configuration.idleTimeout`): a stalled server.
    case idleTimeout(url: URL, seconds: Double)
    /// The whole page took longer than `seconds` (`Configuration.totalTimeout`): a server
    /// trickling bytes.
    case totalTimeout(url: URL, seconds: Double)
    /// The body passed `limit` bytes (`Configuration.maxPageBytes`); the rest was not read.
    case tooLarge(url: URL, limit: Int)
    /// The connection closed before the announced body length arrived.
    case truncated(url: URL, received: Int, expected: Int?)
    /// The body arrived whole but is not a feed page (invalid JSON, no `posts`).
    case invalidFeed(url: URL, FeedDecoder.Error)
    /// Anything else below HTTP: refused connection, unknown host, reset.
    case transport(url: URL, reason: String)
    /// The fetching task was cancelled.
    case cancelled(url: URL)

    /// The page that failed.
    public var url: URL {
        switch self {
        case .unsupportedScheme(let url), .httpStatus(let url, _, _), .idleTimeout(let url, _),
            .totalTimeout(let url, _), .tooLarge(let url, _), .truncated(let url, _, _), .invalidFeed(let url, _),
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
        case .idleTimeout(_, let seconds): return "\(page): no data for \(Self.seconds(seconds)) s (idle timeout)"
        case .totalTimeout(_, let seconds): return "\(page): not complete after \(Self.seconds(seconds)) s (total timeout)"
        case .tooLarge(_, let limit): return "\(page): the page is larger than \(limit) bytes"
        case .truncated(_, let received, let expected):
            return "\(page): the body was cut off after \(received) bytes"
                + (expected.map { " of \($0)" } ?? "")
        case .invalidFeed(_, let error): return "\(page): \(error)"
        case .transport(_, let reason): return "\(page): \(reason)"
        case .cancelled: return "\(page): cancelled"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
