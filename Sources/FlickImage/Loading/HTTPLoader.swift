import FlickCore
import FlickHTTP
import Foundation

/// Downloads image bodies over HTTP(S) through `HTTPTransport` (async-http-client): every body
/// bounded by `maxBodyBytes` as it arrives, however it is framed, gzip and deflate inflated
/// step by step under a ratio limit; an idle and a total timeout per transfer, on the
/// transport's event loop; redirects followed only where `ImageAccessPolicy` lets the feed's
/// images go; a connection pool per host (`maxDownloadsPerHost`). Each failure is its own
/// `ImageLoadError.Reason`.
///
/// Why stalled images did not time out under a loaded test run before: URLSession on Linux
/// delivers its callbacks (and ran our watchdog's cancellations) through Dispatch's global
/// queue, and libdispatch on Linux does not add threads for blocked ones. The test process
/// blocks global-queue threads while it waits for child processes (`flick` runs, isolated
/// runs), so under a full run the callbacks waited with them, for as long as those children
/// ran. Measured with `HostileDownloadTests.aStalledImageTimesOutOnTimeWhileDispatchsGlobalThreadsAreAllBlocked`:
/// with 96 global-queue items blocked, a completion moved onto the global queue had not
/// arrived after 20 s; on the event loop it arrives at the 1 s idle timeout. Here the timers
/// (AHC's read timeout, the deadline) and the completion both run on the transport's
/// event-loop threads, which run nothing that blocks.
///
/// Completions run on an event-loop thread (short work only: the pipeline queues decodes on
/// its workers); a transfer cancelled by its owner never calls back.
final class HTTPLoader: Sendable {
    typealias Completion = @Sendable (Result<[UInt8], ImageLoadError>) -> Void

    private struct Running: Sendable {
        /// Nil between registering the id and the transport handing back its transfer.
        var transfer: HTTPTransfer?
        var cancelledByOwner = false
    }

    private let configuration: ImagePipeline.Configuration
    private let transport: HTTPTransport
    private let transfers = LockedBox<(next: Int, running: [Int: Running])>((0, [:]))

    init(configuration: ImagePipeline.Configuration) {
        self.configuration = configuration
        transport = HTTPTransport(configuration: configuration.transport)
    }

    /// Ends every transfer still running, without callbacks.
    func invalidate() {
        let running = transfers.withLock { state -> [HTTPTransfer] in
            for key in state.running.keys { state.running[key]?.cancelledByOwner = true }
            return state.running.values.compactMap(\.transfer)
        }
        for transfer in running { transfer.cancel() }
    }

    /// Starts downloading `remote`; `completion` runs once unless `cancel` is called first.
    /// Returns the transfer's handle for `cancel`. Any thread.
    func start(_ remote: URL, url: String, completion: @escaping Completion) -> Int {
        // Registered before the transfer starts: its completion may run before `start` returns
        // (a refused connection answers at once).
        let id = transfers.withLock { state -> Int in
            state.next += 1
            state.running[state.next] = Running()
            return state.next
        }
        let access = configuration.access
        let limit = configuration.maxBodyBytes
        let transfer = transport.start(remote, headers: [("Accept", "image/*")]) { _, next in
            Self.redirectRefusal(next, access: access)
        } completion: { [weak self] result in
            let wanted = self?.transfers.withLock { state -> Bool in
                guard let running = state.running.removeValue(forKey: id) else { return true }
                return !running.cancelledByOwner
            }
            guard wanted ?? false else { return }
            completion(Self.outcome(result, url: url, limit: limit))
        }
        let cancelledMeanwhile = transfers.withLock { state -> Bool in
            state.running[id]?.transfer = transfer
            return state.running[id]?.cancelledByOwner ?? false
        }
        if cancelledMeanwhile { transfer.cancel() }
        return id
    }

    /// Stops transfer `id`; its completion will not run. Any thread.
    func cancel(_ id: Int) {
        let transfer = transfers.withLock { state -> HTTPTransfer? in
            state.running[id]?.cancelledByOwner = true
            return state.running[id]?.transfer
        }
        transfer?.cancel()
    }

    /// Why the feed's images may not follow a redirect to `next`: the same rule as an image
    /// URL in the feed (`ImageAccessPolicy`: http(s) only, no private host for a remote feed).
    static func redirectRefusal(_ next: URL, access: ImageAccessPolicy) -> String? {
        do throws(ImageLoadError) {
            guard case .remote = try access.resolve(next.absoluteString) else { return "images are not read from local files" }
            return nil
        } catch {
            if case .refused(_, let rule) = error.reason { return rule }
            return "not an image URL Flick loads"
        }
    }

    /// What a finished transfer amounts to for the pipeline.
    static func outcome(
        _ result: Result<HTTPResponse, HTTPTransportError>, url: String, limit: Int
    ) -> Result<[UInt8], ImageLoadError> {
        switch result {
        case .success(let response):
            guard response.isSuccess else { return .failure(ImageLoadError(url: url, reason: .httpStatus(response.status))) }
            return .success(response.bytes)
        case .failure(let error):
            let reason: ImageLoadError.Reason =
                switch error {
                case .idleTimeout(let seconds), .totalTimeout(let seconds): .timedOut(seconds: seconds)
                case .tooLarge: .bodyTooLarge(limit: limit)
                case .inflationTooLarge(let ratio): .inflationTooLarge(ratio: ratio)
                case .truncated(let received, let expected): .truncatedBody(expected: expected ?? -1, received: received)
                case .tooManyRedirects, .redirectRefused: .redirect(error.description)
                case .malformed(let reason): .malformed(reason)
                case .connection(let reason): .connectionFailed(reason)
                case .cancelled: .connectionFailed("cancelled")
                }
            return .failure(ImageLoadError(url: url, reason: reason))
        }
    }
}
