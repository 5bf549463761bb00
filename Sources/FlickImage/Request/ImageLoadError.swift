import FlickCore
import FlickRaster

/// Why an image did not load. Every case names the URL; `reason` says what went wrong in words
/// a user can act on. Only the one image fails: the cell shows an error tile, the rest goes on.
public struct ImageLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// The URL is empty, malformed, or uses a scheme Flick does not load.
        case unsupportedURL
        /// `ImageAccessPolicy` does not let a feed read this: `path` is where the URL led (a
        /// file outside the feed's folder, a private host), `rule` the rule it broke. Nothing
        /// was read.
        case refused(path: String, rule: String)
        /// A local file that does not exist or cannot be read.
        case fileUnreadable(path: String)
        /// The server answered with a status other than 2xx.
        case httpStatus(Int)
        /// No complete answer within the timeout (seconds).
        case timedOut(seconds: Double)
        /// The connection could not be made or broke (refused, reset, DNS); the transport's words.
        case connectionFailed(String)
        /// The body ended before the length the server announced (`expected` -1: a chunked or
        /// compressed body cut off before its end).
        case truncatedBody(expected: Int, received: Int)
        /// The body is longer than the configured limit (counted as it arrived, inflated); the
        /// download was stopped.
        case bodyTooLarge(limit: Int)
        /// A gzip or deflate body inflated past `ratio` times its compressed size (a bomb).
        case inflationTooLarge(ratio: Int)
        /// A redirect was not followed (too many, a cycle, a host or scheme the feed's images
        /// may not reach); the transport's words.
        case redirect(String)
        /// The server did not speak HTTP correctly (a bad chunk, more bytes than announced).
        case malformed(String)
        /// The bytes are not an image Flick decodes, are damaged, or are over the pixel limit.
        case decoding(ImageDecodingError)
    }

    public let url: String
    public let reason: Reason

    public init(url: String, reason: Reason) {
        self.url = url
        self.reason = reason
    }

    public var description: String {
        let why: String =
            switch reason {
            case .unsupportedURL: "unsupported or malformed URL"
            case .refused(let path, let rule): "refused \(PrintableText.escaped(path)): \(PrintableText.escaped(rule))"
            case .fileUnreadable(let path): "cannot read file \(PrintableText.escaped(path))"
            case .httpStatus(let status): "HTTP status \(status)"
            case .timedOut(let seconds): "timed out after \(seconds) s"
            case .connectionFailed(let message): "connection failed: \(PrintableText.escaped(message))"
            case .truncatedBody(let expected, let received) where expected < 0: "body truncated after \(received) bytes"
            case .truncatedBody(let expected, let received): "body truncated: \(received) of \(expected) bytes"
            case .bodyTooLarge(let limit): "body over the limit of \(limit) bytes"
            case .inflationTooLarge(let ratio): "compressed body inflates more than \(ratio) times its size"
            case .redirect(let reason): PrintableText.escaped(reason)
            case .malformed(let reason): "malformed HTTP response: \(PrintableText.escaped(reason))"
            case .decoding(let error): "\(error)"
            }
        // The URL and the transport's words come from the feed and the network: escaped, so a
        // log line or a terminal cannot be rewritten by them.
        return "image \(PrintableText.escaped(url)): \(why)"
    }
}
