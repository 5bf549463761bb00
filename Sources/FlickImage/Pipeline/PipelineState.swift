import FlickCore
import Foundation

/// One cache key being loaded: its waiters and where it is.
struct ImageJob: Sendable {
    let request: ImageRequest
    /// Where the bytes come from; resolved on the worker (URL parsing is not main-thread work).
    var location: ImageLocation?
    var priority: ImagePriority
    var waiters: [UInt64: ImageTicket]
    /// The queued or running worker task (acquire or decode), for cancellation and raises.
    var work: WorkTicket?
    /// Which step `work` runs, so a raise can queue it again at the new priority.
    var stage: JobStage?
}

/// A job's worker step.
enum JobStage: Sendable {
    /// Resolve the URL, read the file or the disk cache, or join the download.
    case acquire
    /// Decode and process bytes; `store` writes downloaded bytes to the disk cache once one
    /// decode of them succeeded (nil for bytes from a file or the disk cache).
    case decode([UInt8], store: DiskWrite?)
}

/// Downloaded bytes waiting for the disk cache: written after the first decode of them that
/// succeeds (any size of the URL), never before, so a body that does not decode never enters
/// the cache and cannot answer for its URL after a restart. Any thread.
final class DiskWrite: Sendable {
    let url: String
    private let done = LockedBox(false)

    init(url: String) { self.url = url }

    /// True once, for the first caller: that caller writes.
    func claim() -> Bool {
        done.withLock { done in
            defer { done = true }
            return !done
        }
    }
}

/// One URL being downloaded for one or more jobs.
struct ImageDownload: Sendable {
    let remote: URL
    var jobs: Set<String>
    var priority: ImagePriority
    let sequence: UInt64
    /// Taken by `nextDownload` (set before the transfer exists, so it starts once).
    var started = false
    /// The HTTP transfer once started; nil while queued.
    var transfer: Int?

    /// The host a per-host download limit counts against: host and port (two servers on one
    /// machine are two hosts, as for a browser).
    var host: String { "\(remote.host?.lowercased() ?? ""):\(remote.port ?? (remote.scheme == "https" ? 443 : 80))" }
}

/// A failure remembered for `Configuration.failureRetryInterval`.
struct RecentFailure: Sendable {
    let error: ImageLoadError
    let until: UInt64
}

/// Everything the pipeline coordinates, behind its one lock.
struct PipelineState: Sendable {
    var jobs: [String: ImageJob] = [:]
    var downloads: [String: ImageDownload] = [:]
    var nextTicket: UInt64 = 0
    var nextSequence: UInt64 = 0
    var statistics = ImagePipelineStatistics()
    /// Recent failures by cache key with the uptime (ns) until which they stand; at most 1,024.
    var recentFailures = CostLRU<String, RecentFailure>(costLimit: 1_024)

    /// Downloads holding a slot: started and not yet finished or detached (both remove the
    /// download from the table, so the count follows from it).
    var runningDownloads: Int { downloads.values.count(where: \.started) }

    /// A more urgent waiter joined: the job, and its download if still queued, move up.
    mutating func raise(job key: String, to priority: ImagePriority) {
        guard let job = jobs[key], priority < job.priority else { return }
        jobs[key]?.priority = priority
        if case .remote(let remote) = job.location, let download = downloads[remote.absoluteString], priority < download.priority {
            downloads[remote.absoluteString]?.priority = priority
        }
    }

    /// Removes `key` from its download; returns the transfer to cancel when no job needs it.
    mutating func detach(job key: String, fromDownloadOf location: ImageLocation?) -> Int? {
        guard case .remote(let remote) = location, var download = downloads[remote.absoluteString] else { return nil }
        download.jobs.remove(key)
        guard download.jobs.isEmpty else {
            downloads[remote.absoluteString] = download
            return nil
        }
        downloads[remote.absoluteString] = nil
        guard download.started else { return nil }
        statistics.downloadsCancelled += 1
        // Started but its transfer not recorded yet: `startDownloads` sees the download gone
        // and cancels the transfer itself.
        guard let transfer = download.transfer else { return nil }
        return transfer
    }

    /// The most urgent queued download (then the oldest) whose host has a slot free, if a
    /// slot is free at all: its URL and sequence number. A host at `perHost` running downloads
    /// waits, while other hosts' downloads go ahead of it.
    mutating func nextDownload(limit: Int, perHost: Int) -> (url: String, sequence: UInt64)? {
        var running = 0
        var runningByHost: [String: Int] = [:]
        for download in downloads.values where download.started {
            running += 1
            runningByHost[download.host, default: 0] += 1
        }
        guard running < limit else { return nil }
        let queued = downloads.filter { !$0.value.started && runningByHost[$0.value.host, default: 0] < max(1, perHost) }
        guard let best = queued.min(by: { ($0.value.priority, $0.value.sequence) < ($1.value.priority, $1.value.sequence) }) else {
            return nil
        }
        downloads[best.key]?.started = true
        statistics.downloadsStarted += 1
        return (best.key, best.value.sequence)
    }
}
