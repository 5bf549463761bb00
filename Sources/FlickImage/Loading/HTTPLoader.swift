import FlickCore
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads bodies over HTTP(S) with URLSession (libcurl on Linux): redirects followed,
/// non-2xx statuses, idle and total timeouts, oversized and truncated bodies each reported as
/// their own `ImageLoadError`. Callbacks run on the session's delegate queue, never the main
/// thread; a cancelled transfer never calls back.
///
/// Timeouts: URLSession enforces the idle one (`timeoutIntervalForRequest`); the total one is
/// a deadline of our own per transfer, because URLSession reports both as the same
/// `URLError.timedOut` and the error must say which limit was hit.
final class HTTPLoader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Completion = @Sendable (Result<[UInt8], ImageLoadError>) -> Void

    // Only read and written inside `transfers`' lock (DispatchWorkItem is not Sendable).
    private struct Transfer: @unchecked Sendable {
        let url: String
        /// The task `start` made: `cancel` and the deadline stop it directly.
        let task: URLSessionDataTask
        let completion: Completion
        var body = Data()
        var expected = -1
        var failure: ImageLoadError.Reason?
        var cancelledByOwner = false
        var deadline: DispatchWorkItem?
    }

    private let configuration: ImagePipeline.Configuration
    private let transfers = LockedBox<[Int: Transfer]>([:])
    private let delegateQueue: OperationQueue
    // Set once in init, after super.init (the session retains its delegate, self).
    private nonisolated(unsafe) var session: URLSession!

    init(configuration: ImagePipeline.Configuration) {
        self.configuration = configuration
        delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.name = "flick.image.http"
        super.init()
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.idleTimeout
        // timeoutIntervalForResource stays at its default (7 days): the total timeout is the
        // per-transfer deadline in `start`, which reports the right limit.
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maxConcurrentDownloads
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
        let total = configuration.totalTimeout
        // Runs on a global utility queue after `total` seconds unless the transfer ended first.
        let deadline = DispatchWorkItem { [weak self] in
            guard let self else { return }
            // Whatever state the transfer is in (even already failed but still receiving), the
            // deadline ends it; the first failure recorded is the one reported.
            let running = self.transfers.withLock { all -> URLSessionDataTask? in
                guard all[id] != nil else { return nil }
                if all[id]?.failure == nil { all[id]?.failure = .timedOut(seconds: total) }
                return all[id]?.task
            }
            running?.cancel()
        }
        transfers.withLock { $0[id] = Transfer(url: url, task: task, completion: completion, deadline: deadline) }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + total, execute: deadline)
        task.resume()
        return id
    }

    /// Stops transfer `id`; its completion will not run. Any thread.
    func cancel(_ id: Int) {
        let task = transfers.withLock { all -> URLSessionDataTask? in
            guard all[id] != nil else { return nil }
            all[id]?.cancelledByOwner = true
            all[id]?.deadline?.cancel()
            return all[id]?.task
        }
        task?.cancel()
    }

    // MARK: URLSessionDataDelegate (delegate queue)

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        let limit = configuration.maxBodyBytes
        let proceed = transfers.withLock { all -> Bool in
            guard all[id] != nil else { return false }
            all[id]?.expected = Int(response.expectedContentLength)
            if !(200..<300).contains(status) {
                all[id]?.failure = .httpStatus(status)
                return false
            }
            if response.expectedContentLength > Int64(limit) {
                all[id]?.failure = .bodyTooLarge(limit: limit)
                return false
            }
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
            all[id]?.body.append(data)
            guard (all[id]?.body.count ?? 0) > limit else { return false }
            all[id]?.failure = .bodyTooLarge(limit: limit)
            return true
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.deadline?.cancel()
        guard !transfer.cancelledByOwner else { return }
        transfer.completion(Self.outcome(of: transfer, error: error, idleTimeout: configuration.idleTimeout))
    }

    private static func outcome(of transfer: Transfer, error: Error?, idleTimeout: Double) -> Result<[UInt8], ImageLoadError> {
        let received = transfer.body.count
        if let failure = transfer.failure { return .failure(ImageLoadError(url: transfer.url, reason: failure)) }
        if transfer.expected > 0, received < transfer.expected {
            return .failure(ImageLoadError(url: transfer.url, reason: .truncatedBody(expected: transfer.expected, received: received)))
        }
        if let error {
            // Only URLSession's idle timeout reports `.timedOut`; the total deadline recorded
            // its own failure above.
            let reason: ImageLoadError.Reason =
                (error as? URLError)?.code == .timedOut
                ? .timedOut(seconds: idleTimeout) : .connectionFailed(error.localizedDescription)
            return .failure(ImageLoadError(url: transfer.url, reason: reason))
        }
        return .success([UInt8](transfer.body))
    }
}
