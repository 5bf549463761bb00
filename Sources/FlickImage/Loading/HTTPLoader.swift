import FlickCore
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads bodies over HTTP(S) with URLSession (libcurl on Linux): redirects followed,
/// non-2xx statuses, idle and total timeouts, oversized and truncated bodies each reported as
/// their own `ImageLoadError`. Callbacks run on the session's delegate queue or the watchdog's
/// queue, never the main thread; a cancelled transfer never calls back.
///
/// Timeouts are our own, per transfer (`TransferWatchdog`): each transfer is checked at the
/// earlier of "idle since the last byte" and "total since the start", and one that overstays
/// either is failed with the limit it broke and stopped. URLSession's own idle timeout is only
/// a backstop set well above ours: it reports both limits as the same `URLError.timedOut`, and
/// under load on Linux it did not fire before a stalled host closed the connection (the test
/// then saw "body truncated" instead of a timeout).
///
/// Copies of a body on its way to disk: libcurl's chunk is appended once into a buffer sized
/// from Content-Length up front (no regrowth), handed over as `[UInt8]` (the second and last
/// copy); the disk cache writes that array as it is.
final class HTTPLoader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Completion = @Sendable (Result<[UInt8], ImageLoadError>) -> Void

    // Only read and written inside `transfers`' lock (URLSessionDataTask is not Sendable).
    private struct Transfer: @unchecked Sendable {
        let url: String
        /// The task `start` made: `cancel` and the watchdog stop it directly.
        let task: URLSessionDataTask
        let completion: Completion
        var body = Data()
        /// The length the server announced for the body as sent; -1 when unknown or when the
        /// body was content-encoded (gzip: the announced length is the compressed one, the
        /// delegate sees the decoded bytes).
        var expected = -1
        var failure: ImageLoadError.Reason?
        var cancelledByOwner = false
        /// Uptime (ns) of the start and of the last byte received.
        let startedAt: UInt64
        var lastActivity: UInt64
    }

    private let configuration: ImagePipeline.Configuration
    private let transfers = LockedBox<[Int: Transfer]>([:])
    private let delegateQueue: OperationQueue
    private let watchdog: TransferWatchdog
    // Set once in init, after super.init (the session retains its delegate, self).
    private nonisolated(unsafe) var session: URLSession!

    init(configuration: ImagePipeline.Configuration) {
        self.configuration = configuration
        watchdog = TransferWatchdog(idle: configuration.idleTimeout, total: configuration.totalTimeout)
        delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.name = "flick.image.http"
        super.init()
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // A backstop only: the watchdog enforces `idleTimeout` and names the limit.
        sessionConfiguration.timeoutIntervalForRequest = max(configuration.idleTimeout, configuration.totalTimeout) * 2
        sessionConfiguration.httpMaximumConnectionsPerHost = max(1, configuration.maxDownloadsPerHost)
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        session = URLSession(configuration: sessionConfiguration, delegate: self, delegateQueue: delegateQueue)
    }

    /// Ends the session; transfers still running are cancelled without callbacks.
    func invalidate() {
        transfers.withLock { all in
            for key in all.keys { all[key]?.cancelledByOwner = true }
        }
        session.invalidateAndCancel()
    }

    /// Starts downloading `remote`; `completion` runs once unless `cancel` is called first.
    /// Returns the transfer's handle for `cancel`. Any thread.
    func start(_ remote: URL, url: String, completion: @escaping Completion) -> Int {
        let task = session.dataTask(with: remote)
        let id = task.taskIdentifier
        let now = TransferWatchdog.now()
        transfers.withLock {
            $0[id] = Transfer(url: url, task: task, completion: completion, startedAt: now, lastActivity: now)
        }
        watchdog.watch(after: watchdog.firstCheck) { [weak self] in self?.check(id) }
        task.resume()
        return id
    }

    /// Stops transfer `id`; its completion will not run. Any thread.
    func cancel(_ id: Int) {
        let task = transfers.withLock { all -> URLSessionDataTask? in
            guard all[id] != nil else { return nil }
            all[id]?.cancelledByOwner = true
            return all[id]?.task
        }
        task?.cancel()
    }

    /// The watchdog's look at transfer `id` (watchdog queue): fails and stops it when it broke
    /// a limit, otherwise looks again when it next could.
    private func check(_ id: Int) {
        let now = TransferWatchdog.now()
        let verdict = transfers.withLock { all -> (stop: URLSessionDataTask?, next: Double?) in
            guard let transfer = all[id], !transfer.cancelledByOwner else { return (nil, nil) }
            // Whatever state the transfer is in (even already failed but still receiving), an
            // overstay ends it; the first failure recorded is the one reported.
            switch watchdog.judge(startedAt: transfer.startedAt, lastActivity: transfer.lastActivity, now: now) {
            case .wait(let seconds):
                return (nil, seconds)
            case .expired(let reason):
                if all[id]?.failure == nil { all[id]?.failure = reason }
                return (transfer.task, nil)
            }
        }
        if let next = verdict.next {
            watchdog.watch(after: next) { [weak self] in self?.check(id) }
        }
        verdict.stop?.cancel()
    }

    // MARK: URLSessionDataDelegate (delegate queue)

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        let http = response as? HTTPURLResponse
        let status = http?.statusCode ?? 200
        let limit = configuration.maxBodyBytes
        let announced = Self.announcedLength(response)
        let proceed = transfers.withLock { all -> Bool in
            guard all[id] != nil else { return false }
            all[id]?.lastActivity = TransferWatchdog.now()
            all[id]?.expected = announced
            if !(200..<300).contains(status) {
                all[id]?.failure = .httpStatus(status)
                return false
            }
            if response.expectedContentLength > Int64(limit) {
                all[id]?.failure = .bodyTooLarge(limit: limit)
                return false
            }
            // One allocation for the whole body when its length is known.
            if announced > 0 { all[id]?.body.reserveCapacity(announced) }
            return true
        }
        completionHandler(proceed ? .allow : .cancel)
        // FoundationNetworking on Linux may go on receiving after `.cancel`: stop it ourselves.
        if !proceed { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let limit = configuration.maxBodyBytes
        let over = transfers.withLock { all -> Bool in
            guard all[id] != nil else { return false }
            if all[id]?.failure != nil { return true }  // already failed: keep nothing, stop it
            all[id]?.lastActivity = TransferWatchdog.now()
            all[id]?.body.append(data)
            guard (all[id]?.body.count ?? 0) > limit else { return false }
            all[id]?.failure = .bodyTooLarge(limit: limit)
            return true
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        guard !transfer.cancelledByOwner else { return }
        transfer.completion(Self.outcome(of: transfer, error: error, backstop: session.configuration.timeoutIntervalForRequest))
    }

    /// The body length to hold the received bytes against: Content-Length when the body is
    /// sent as is; unknown (-1) when it is content-encoded, since libcurl hands over the decoded
    /// bytes while Content-Length counts the encoded ones (an incompressible JPEG sent gzipped
    /// decodes to fewer bytes than it was sent in, which is not a truncation).
    static func announcedLength(_ response: URLResponse) -> Int {
        if let http = response as? HTTPURLResponse,
            let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces),
            !encoding.isEmpty, encoding.lowercased() != "identity"
        {
            return -1
        }
        return Int(response.expectedContentLength)
    }

    private static func outcome(of transfer: Transfer, error: Error?, backstop: Double) -> Result<[UInt8], ImageLoadError> {
        let received = transfer.body.count
        if let failure = transfer.failure { return .failure(ImageLoadError(url: transfer.url, reason: failure)) }
        // A timeout first: a transfer that went quiet mid-body timed out, even though its body
        // is also short. A connection closed early (libcurl's "transfer closed with N bytes
        // remaining") is a truncated body; any other transport error is the connection's.
        if let error, (error as? URLError)?.code == .timedOut {
            return .failure(ImageLoadError(url: transfer.url, reason: .timedOut(seconds: backstop)))
        }
        if transfer.expected > 0, received < transfer.expected {
            return .failure(ImageLoadError(url: transfer.url, reason: .truncatedBody(expected: transfer.expected, received: received)))
        }
        if let error {
            return .failure(ImageLoadError(url: transfer.url, reason: .connectionFailed(error.localizedDescription)))
        }
        return .success([UInt8](transfer.body))
    }
}
