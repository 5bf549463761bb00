import Foundation
import NIOCore
import NIOHTTP1

/// A complete response, its body already bounded (`BoundedBody`): what a transfer hands back.
/// An immutable value; crosses to any thread.
public struct HTTPResponse: Sendable {
    /// The URL that answered (after redirects).
    public let url: URL
    /// The status code (a redirect that was not followed, too: 3xx with no usable Location
    /// never comes back; it is a `.redirectRefused` error).
    public let status: Int
    /// The response's header fields.
    public let headers: HTTPHeaders
    /// The body as received (inflated), at most the cap of its kind (success or error).
    public let body: ByteBuffer

    public init(url: URL, status: Int, headers: HTTPHeaders, body: ByteBuffer) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The body's bytes (one copy).
    public var bytes: [UInt8] { Array(body.readableBytesView) }

    /// The body as `Data` (one copy).
    public var data: Data { Data(body.readableBytesView) }

    /// The media type of `Content-Type` without its parameters, lowercased (`application/json`);
    /// nil when absent.
    public var mediaType: String? {
        guard let value = headers.first(name: "Content-Type") else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return type.isEmpty ? nil : type.lowercased()
    }

    /// Seconds the server asks the client to wait (`Retry-After`, as delta-seconds or an
    /// HTTP-date), nil when absent or unreadable. See `RetryAfter.seconds(_:now:)`.
    public func retryAfter(now: Date = Date()) -> Double? {
        headers.first(name: "Retry-After").flatMap { RetryAfter.seconds($0, now: now) }
    }
}

/// The `Retry-After` header (RFC 9110 §10.2.3). Pure; any thread.
public enum RetryAfter {
    /// Seconds to wait for `value`: delta-seconds (`120`) or an HTTP-date (`Sun, 06 Nov 1994
    /// 08:49:37 GMT`, as seconds from `now`, 0 when past). Nil for anything else. A huge value
    /// is returned as it is (capped at `Double`): the caller decides what is too long.
    public static func seconds(_ value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return Double(text)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
