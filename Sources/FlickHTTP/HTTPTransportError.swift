import Foundation

/// Why a transfer ended without a response. The URL is not repeated here: each client's own
/// error (`FeedPageError`, `ImageLoadError`) names the URL it asked for.
public enum HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No byte arrived for `seconds` (`Configuration.idleTimeout`): a stalled server.
    case idleTimeout(seconds: Double)
    /// The transfer, redirects included, took longer than `seconds` (`Configuration.totalTimeout`).
    case totalTimeout(seconds: Double)
    /// The body (inflated, when compressed) passed `limit` bytes, or announced more; the rest
    /// was not read.
    case tooLarge(limit: Int)
    /// A compressed body inflated past `ratio` times its compressed size (a compression bomb).
    case inflationTooLarge(ratio: Int)
    /// The connection closed before the announced body arrived (`expected` nil: a chunked body
    /// cut off before its last chunk).
    case truncated(received: Int, expected: Int?)
    /// More than `limit` redirects in a row.
    case tooManyRedirects(limit: Int)
    /// A redirect the caller's policy (or the transport: not http(s), a cycle, no Location)
    /// refused; `location` is escaped for printing.
    case redirectRefused(location: String, reason: String)
    /// The server did not speak HTTP/1.1 correctly (a bad chunk, a body longer than its
    /// announced length, a broken gzip stream); the parser's words.
    case malformed(String)
    /// The connection could not be made or broke (refused, reset, DNS); the transport's words.
    case connection(String)
    /// The transfer was cancelled by its owner.
    case cancelled

    public var description: String {
        switch self {
        case .idleTimeout(let seconds): "no data for \(Self.seconds(seconds)) s (idle timeout)"
        case .totalTimeout(let seconds): "not complete after \(Self.seconds(seconds)) s (total timeout)"
        case .tooLarge(let limit): "the body is larger than \(limit) bytes"
        case .inflationTooLarge(let ratio): "the compressed body inflates more than \(ratio) times (a compression bomb)"
        case .truncated(let received, let expected):
            "the body was cut off after \(received) bytes" + (expected.map { " of \($0)" } ?? "")
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .redirectRefused(let location, let reason): "redirect to \(location) refused: \(reason)"
        case .malformed(let reason): "malformed HTTP response: \(reason)"
        case .connection(let reason): reason
        case .cancelled: "cancelled"
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
