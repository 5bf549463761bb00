import Foundation

/// Whether and when to ask again for a page the server answered "later": a pure function of
/// the answer and the attempt, so tests drive it without a server or a clock.
public enum PageRetry: Sendable, Hashable {
    /// Ask again after this many seconds.
    case wait(Double)
    /// Do not ask again: the answer stands (not a "later" status, or attempts used up).
    case giveUp
    /// The server asks for a wait longer than `Configuration.maxRetryAfter`.
    case tooLong(Double)

    /// Statuses that mean "later" (429 Too Many Requests, 503 Unavailable) or a gateway's
    /// passing failure (502, 504).
    public static let retriedStatuses: Set<Int> = [429, 502, 503, 504]

    /// The decision after attempt `attempt` (1-based) answered `status` with `retryAfter`
    /// seconds (nil: no usable header).
    public static func decide(
        status: Int, retryAfter: Double?, attempt: Int, configuration: FeedPageFetcher.Configuration
    ) -> PageRetry {
        guard retriedStatuses.contains(status) else { return .giveUp }
        if let retryAfter, retryAfter > configuration.maxRetryAfter { return .tooLong(retryAfter) }
        guard attempt < configuration.maxAttempts else { return .giveUp }
        if let retryAfter { return .wait(max(0, retryAfter)) }
        let backoff = configuration.retryBackoff * pow(2, Double(max(0, attempt - 1)))
        return .wait(min(backoff, configuration.maxRetryAfter))
    }
}
