import FlickCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession delegate of a `FeedPageFetcher`: collects each transfer's bytes, enforces
/// the byte cap as bytes arrive and the idle and total timeouts with one watchdog task per
/// transfer, and resumes the waiting `fetch` exactly once with the body or a typed error.
///
/// Delegate callbacks arrive on the session's serial queue; `begin` and `fail` come from
/// fetching tasks and watchdogs. All state is in one `LockedBox`, and a transfer is removed
/// from it before its continuation is resumed, so whichever finishes it first wins and the
/// others find nothing to do.
final class PageTransfers: NSObject, URLSessionDataDelegate, Sendable {
    typealias Outcome = Result<PageBody, FeedPageError>

    private struct Transfer: Sendable {
        let url: URL
        let continuation: CheckedContinuation<Outcome, Never>
        let started: ContinuousClock.Instant
        var lastActivity: ContinuousClock.Instant
        var response: HTTPURLResponse?
        var data = Data()
        var watchdog: Task<Void, Never>?
    }

    private let configuration: FeedPageFetcher.Configuration
    private let transfers = LockedBox<[Int: Transfer]>([:])

    init(configuration: FeedPageFetcher.Configuration) {
        self.configuration = configuration
    }

    /// Registers `task` and starts it (and its watchdog). Called from the fetching task.
    func begin(_ task: URLSessionDataTask, url: URL, continuation: CheckedContinuation<Outcome, Never>) {
        let id = task.taskIdentifier
        let now = ContinuousClock.now
        transfers.withLock {
            $0[id] = Transfer(url: url, continuation: continuation, started: now, lastActivity: now)
        }
        let watchdog = Task { [weak self, weak task] in
            guard let self else { return }
            await self.watch(id, task: task)
        }
        transfers.withLock { $0[id]?.watchdog = watchdog }
        if Task.isCancelled {
            fail(id, with: .cancelled(url: url))
            task.cancel()
        } else {
            task.resume()
        }
    }

    /// Ends transfer `id` with `error` (if it is still running); the caller cancels the task.
    func fail(_ id: Int, with error: FeedPageError) {
        finish(id, .failure(error))
    }

    private func finish(_ id: Int, _ outcome: Outcome) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: id) }) else { return }
        transfer.watchdog?.cancel()
        transfer.continuation.resume(returning: outcome)
    }

    /// Sleeps until the nearer deadline (idle or total), then checks it against the last
    /// byte's arrival; returns once the transfer is gone.
    private func watch(_ id: Int, task: URLSessionDataTask?) async {
        let idle = Duration.milliseconds(Int64(configuration.idleTimeout * 1000))
        let total = Duration.milliseconds(Int64(configuration.totalTimeout * 1000))
        while !Task.isCancelled {
            guard let (started, last, url) = transfers.withLock({ box in box[id].map { ($0.started, $0.lastActivity, $0.url) } })
            else { return }
            let now = ContinuousClock.now
            if now - started >= total {
                fail(id, with: .totalTimeout(url: url, seconds: configuration.totalTimeout))
                task?.cancel()
                return
            }
            if now - last >= idle {
                fail(id, with: .idleTimeout(url: url, seconds: configuration.idleTimeout))
                task?.cancel()
                return
            }
            let deadline = min(started + total, last + idle)
            try? await Task.sleep(until: deadline, clock: .continuous)
        }
    }

    // MARK: URLSessionDataDelegate (the session's serial queue)

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        let http = response as? HTTPURLResponse
        let tooLarge: URL? = transfers.withLock { box in
            guard var transfer = box[id] else { return nil }
            transfer.response = http
            transfer.lastActivity = .now
            box[id] = transfer
            let ok = http.map { (200...299).contains($0.statusCode) } ?? true
            return ok && response.expectedContentLength > Int64(configuration.maxPageBytes) ? transfer.url : nil
        }
        if let tooLarge {
            fail(id, with: .tooLarge(url: tooLarge, limit: configuration.maxPageBytes))
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let overflow: URL? = transfers.withLock { box in
            guard var transfer = box[id] else { return nil }
            transfer.lastActivity = .now
            let ok = transfer.response.map { (200...299).contains($0.statusCode) } ?? true
            let limit = ok ? configuration.maxPageBytes : configuration.maxErrorBodyBytes
            if transfer.data.count + data.count > limit {
                if ok {
                    box[id] = transfer
                    return transfer.url
                }
                transfer.data.append(data.prefix(max(0, limit - transfer.data.count)))
            } else {
                transfer.data.append(data)
            }
            box[id] = transfer
            return nil
        }
        if let overflow {
            fail(id, with: .tooLarge(url: overflow, limit: configuration.maxPageBytes))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        guard let transfer = transfers.withLock({ $0[id] }) else { return }
        finish(id, outcome(of: transfer, error: error, finalURL: task.currentRequest?.url))
    }

    /// What a completed transfer amounts to: a truncated body, a transport error, an HTTP
    /// error status, or the page's bytes.
    private func outcome(of transfer: Transfer, error: (any Error)?, finalURL: URL?) -> Outcome {
        let url = transfer.url
        let expected = transfer.response.map(\.expectedContentLength).flatMap { $0 >= 0 ? Int($0) : nil }
        if let expected, transfer.data.count < expected, transfer.response.map({ (200...299).contains($0.statusCode) }) ?? false {
            return .failure(.truncated(url: url, received: transfer.data.count, expected: expected))
        }
        if let error {
            let nsError = error as NSError
            if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorTimedOut {
                return .failure(.idleTimeout(url: url, seconds: configuration.idleTimeout))
            }
            if transfer.response != nil, nsError.domain == NSURLErrorDomain,
                nsError.code == NSURLErrorNetworkConnectionLost
            {
                return .failure(.truncated(url: url, received: transfer.data.count, expected: expected))
            }
            return .failure(.transport(url: url, reason: nsError.localizedDescription))
        }
        guard let response = transfer.response else {
            return .failure(.transport(url: url, reason: "no HTTP response"))
        }
        guard (200...299).contains(response.statusCode) else {
            return .failure(.httpStatus(url: url, status: response.statusCode, message: Self.message(in: transfer.data)))
        }
        return .success(PageBody(url: response.url ?? finalURL ?? url, data: transfer.data))
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
