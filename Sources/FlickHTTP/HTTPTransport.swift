import AsyncHTTPClient
import FlickCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// Flick's HTTP client for pages and images: async-http-client underneath (SwiftNIO), with
/// Flick's limits on top. Every transfer is bounded however the server frames its body:
/// bytes are counted as they arrive (after inflating, which the client does in steps under a
/// ratio limit) and the transfer stops at the cap (`BoundedResponseDelegate`); an idle
/// timeout (no byte for `idleTimeout`, head included) and a total deadline per transfer,
/// redirects included, end every request. A connection pool per host, at most
/// `connectionsPerHost` connections each.
///
/// Timers: both timeouts are NIO scheduled tasks on the client's event-loop threads, which
/// run nothing but network I/O. They fire on time when the process's cooperative pool or
/// Dispatch's global threads are all blocked, which the old transport's did not (URLSession
/// with a watchdog task or a Dispatch timer; a test run full of blocking waits starved them).
///
/// Redirects are followed here, not by the client: at most `maxRedirects`, http(s) only, no
/// cycle, and each hop asked of the caller's `RedirectRule` (which hosts a page or an image
/// may be sent to is the caller's policy).
///
/// Threads: `start` from any thread; its completion runs once, on an event-loop thread (keep
/// it short: hand real work to a queue). `get` from any task.
public final class HTTPTransport: Sendable {
    /// Whether a redirect from the first URL to the second may be followed: nil when it may,
    /// else the reason it may not (words for the error). Called on an event-loop thread.
    public typealias RedirectRule = @Sendable (_ from: URL, _ to: URL) -> String?

    public typealias Completion = @Sendable (Result<HTTPResponse, HTTPTransportError>) -> Void

    public let configuration: Configuration
    private let client: HTTPClient

    public init(configuration: Configuration = .default) {
        self.configuration = configuration
        var pool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: Self.amount(configuration.poolIdleTimeout),
            concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, configuration.connectionsPerHost))
        // A refused connection is an answer (the server is down), not a reason to retry until
        // the connect timeout.
        pool.retryConnectionEstablishment = false
        var client = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: Self.amount(configuration.connectTimeout), read: Self.amount(configuration.idleTimeout)),
            connectionPool: pool,
            decompression: .enabled(limit: .ratio(max(1, configuration.maxInflationRatio))))
        client.httpVersion = .http1Only
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: client)
    }

    deinit {
        // Transfers still running fail with `.cancelled`; nothing waits for the close.
        client.shutdown { _ in }
    }

    /// Starts a GET of `url` (http or https) with `headers`; `completion` runs once with the
    /// response (any status but a followed redirect) or why there is none, `.cancelled` after
    /// `HTTPTransfer.cancel()`. Any thread.
    @discardableResult
    public func start(
        _ url: URL, headers: [(String, String)] = [], redirects rule: @escaping RedirectRule = { _, _ in nil },
        completion: @escaping Completion
    ) -> HTTPTransfer {
        let transfer = HTTPTransfer()
        let deadline = NIODeadline.now() + Self.amount(configuration.totalTimeout)
        hop(url, visited: [url.absoluteString], headers: headers, rule: rule, deadline: deadline, transfer: transfer, completion: completion)
        return transfer
    }

    /// `start` as an async call: the response, or why there is none. Cancelling the calling
    /// task cancels the transfer (`.cancelled`). The wait holds no thread.
    public func get(
        _ url: URL, headers: [(String, String)] = [], redirects rule: @escaping RedirectRule = { _, _ in nil }
    ) async throws(HTTPTransportError) -> HTTPResponse {
        let running = LockedBox<HTTPTransfer?>(nil)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPTransportError>, Never>) in
                let transfer = start(url, headers: headers, redirects: rule) { continuation.resume(returning: $0) }
                running.withLock { $0 = transfer }
                if Task.isCancelled { transfer.cancel() }
            }
        } onCancel: {
            running.withLock { $0 }?.cancel()
        }
        return try result.get()
    }

    // MARK: Hops (event loop)

    private func hop(
        _ url: URL, visited: Set<String>, headers: [(String, String)], rule: @escaping RedirectRule, deadline: NIODeadline,
        transfer: HTTPTransfer, completion: @escaping Completion
    ) {
        let request: HTTPClient.Request
        do {
            var fields = HTTPHeaders(headers)
            if !fields.contains(name: "User-Agent") { fields.add(name: "User-Agent", value: configuration.userAgent) }
            request = try HTTPClient.Request(url: url, method: .GET, headers: fields)
        } catch {
            return completion(.failure(.connection("not a URL this client can request (\(error))")))
        }
        let delegate = BoundedResponseDelegate(url: url, limit: configuration.maxBodyBytes, errorLimit: configuration.maxErrorBodyBytes)
        let task = client.execute(request: request, delegate: delegate, deadline: deadline)
        guard transfer.attach(task) else {
            task.cancel()
            return completion(.failure(.cancelled))
        }
        let configuration = self.configuration
        task.futureResult.whenComplete { [weak self] result in
            let outcome: Result<HTTPResponse, HTTPTransportError>
            switch result {
            case .success(let response): outcome = .success(response)
            case .failure(let error) where error is BoundedResponseDelegate.Enough:
                outcome = Result { try delegate.response() }.mapError { _ in .connection("no HTTP response") }
            case .failure(let error):
                outcome = .failure(
                    transfer.isCancelled ? .cancelled : Self.classify(error, delegate: delegate, configuration: configuration))
            }
            guard case .success(let response) = outcome, Self.redirectStatuses.contains(response.status) else {
                return completion(outcome)
            }
            let next: URL
            switch Self.follow(response, from: url, hops: visited.count, visited: visited, rule: rule, limit: configuration.maxRedirects) {
            case .success(let target): next = target
            case .failure(let error): return completion(.failure(error))
            }
            guard let self, !transfer.isCancelled else { return completion(.failure(.cancelled)) }
            var seen = visited
            seen.insert(next.absoluteString)
            self.hop(next, visited: seen, headers: headers, rule: rule, deadline: deadline, transfer: transfer, completion: completion)
        }
    }

    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Where a redirect response leads, or why it is not followed. Pure; any thread.
    static func follow(
        _ response: HTTPResponse, from url: URL, hops: Int, visited: Set<String>, rule: RedirectRule, limit: Int
    ) -> Result<URL, HTTPTransportError> {
        guard hops <= limit else { return .failure(.tooManyRedirects(limit: limit)) }
        guard let location = response.headers.first(name: "Location"), !location.isEmpty else {
            return .failure(.redirectRefused(location: "(none)", reason: "HTTP \(response.status) without a Location"))
        }
        let shown = PrintableText.escaped(String(location.prefix(200)))
        guard let next = URL(string: location, relativeTo: url)?.absoluteURL, let host = next.host, !host.isEmpty,
            ["http", "https"].contains(next.scheme?.lowercased() ?? "")
        else {
            return .failure(.redirectRefused(location: shown, reason: "only http(s) URLs are followed"))
        }
        if visited.contains(next.absoluteString) {
            return .failure(.redirectRefused(location: shown, reason: "a redirect cycle"))
        }
        if let reason = rule(url, next) { return .failure(.redirectRefused(location: shown, reason: reason)) }
        return .success(next)
    }

    /// The transport error a failed request amounts to: the delegate's own limit first, then
    /// the client's and NIO's errors in Flick's words.
    static func classify(_ error: any Error, delegate: BoundedResponseDelegate, configuration: Configuration) -> HTTPTransportError {
        let state = delegate.state.value
        if let failure = state.failure { return failure }
        if let error = error as? HTTPTransportError { return error }
        let received = state.body?.received ?? 0
        let cutOff = HTTPTransportError.truncated(received: received, expected: state.announced)
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout: return .idleTimeout(seconds: configuration.idleTimeout)
            case .deadlineExceeded: return .totalTimeout(seconds: configuration.totalTimeout)
            case .connectTimeout:
                return .connection("could not connect within \(HTTPTransportError.seconds(configuration.connectTimeout)) s")
            case .remoteConnectionClosed:
                return state.head != nil ? cutOff : .connection("the server closed the connection without answering")
            case .cancelled: return .cancelled
            default: return .connection("\(error)")
            }
        }
        if let known = HTTPTransportError.nio(error, cutOff: cutOff, configuration: configuration) { return known }
        if let error = error as? IOError { return .connection(error.description) }
        return .connection(PrintableText.escaped("\(error)"))
    }

    static func amount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64(max(0.001, min(seconds, 1e9)) * 1e9))
    }
}

/// One running transfer (its hops one after another): what `HTTPTransport.start` hands back
/// to cancel it. Any thread.
public final class HTTPTransfer: Sendable {
    private struct State: Sendable {
        var task: HTTPClient.Task<HTTPResponse>?
        var cancelled = false
    }

    private let state = LockedBox(State())

    init() {}

    /// Stops the transfer; its completion runs with `.cancelled` (once, as always).
    public func cancel() {
        let task = state.withLock { state -> HTTPClient.Task<HTTPResponse>? in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Makes `task` the running hop; false when the transfer was cancelled already.
    func attach(_ task: HTTPClient.Task<HTTPResponse>) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.task = task
            return true
        }
    }
}
