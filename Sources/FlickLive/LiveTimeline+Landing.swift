import Dispatch
import FlickCore
import FlickList
import FlickTimeline

extension LiveTimeline {
    /// Shows what a request stored: rows appended or inserted (with anchoring), posts updated,
    /// states changed. Main thread, at the start of a frame.
    func apply(_ landing: PageLanding) {
        let rows = pages.rows
        switch landing {
        case .older(let appended, let updated, let warnings, let reachedEnd):
            let oldCount = rows.count
            if !appended.isEmpty {
                rows.appendStored(count: appended.count)
                engine.apply(.inserting(appended.count, at: oldCount, into: oldCount))
            }
            show(updated)
            note(warnings)
            statistics.pagesLoaded += 1
            statistics.olderPostsAppended += appended.count
            if let crossedAt {
                statistics.batchFetchMilliseconds.append(Double(DispatchTime.now().uptimeNanoseconds - crossedAt) / 1e6)
                if statistics.batchFetchMilliseconds.count > Self.maxSamplesKept { statistics.batchFetchMilliseconds.removeFirst() }
                self.crossedAt = nil
            }
            older = reachedEnd ? .end : .idle
            cameOnline()
        case .newer(let inserted, let updated, let warnings, let caughtUp):
            if !inserted.isEmpty {
                let oldCount = rows.count
                rows.insert(inserted, at: 0)
                engine.apply(.inserting(inserted.count, at: 0, into: oldCount))
            }
            show(updated)
            note(warnings)
            statistics.pagesLoaded += 1
            statistics.newPostsInserted += inserted.count
            if caughtUp { endRefresh() }
            cameOnline()
        case .deleted(let ids):
            deletedIDs.formUnion(ids)
        case .failed(let direction, let reason, let offline):
            statistics.failures += 1
            isOffline = offline
            switch direction {
            case .older:
                older = .failed(reason: reason)
                crossedAt = nil
            case .newer:
                endRefresh()
            }
        }
    }

    /// Known posts with new content: shown where they are if they are near the viewport (the
    /// rest read the store's new version when their page loads again).
    private func show(_ updated: [Post]) {
        guard !updated.isEmpty else { return }
        let rows = pages.rows
        let near = engine.lastPlan?.preload ?? 0..<0
        var changed: [Int] = []
        for post in updated {
            guard let row = rows.row(ofPostID: post.id, among: near) else { continue }
            rows.replace(at: row, with: post)
            changed.append(row)
        }
        statistics.postsUpdated += updated.count
        if !changed.isEmpty { engine.apply(.reloading(changed, count: rows.count)) }
    }

    private func note(_ warnings: [FeedWarning]) {
        guard !warnings.isEmpty else { return }
        statistics.warnings.append(contentsOf: warnings.map { FeedWarning.escaped("\($0)") })
        let excess = statistics.warnings.count - Self.maxWarningsKept
        if excess > 0 { statistics.warnings.removeFirst(excess) }
    }

    private func endRefresh() {
        isRefreshing = false
        engine.holdsHeaderOpen = false
    }

    /// A request reached the server: the offline state ends, and an older page that failed
    /// for being offline is asked for again.
    private func cameOnline() {
        guard isOffline else { return }
        isOffline = false
        if case .failed = older { older = .idle }
    }

    /// Removes the rows of deleted posts among the rows the engine keeps near the viewport
    /// (its preload range, so a deleted post is gone before it scrolls into view; one on
    /// screen collapses). O(preload rows) per frame, only once something was deleted.
    func dropDeletedRows() {
        guard !deletedIDs.isEmpty, let near = engine.lastPlan?.preload else { return }
        let rows = pages.rows
        let doomed = near.clamped(to: 0..<rows.count).filter { row in
            rows.post(atRow: row).map { deletedIDs.contains($0.id) } ?? false
        }
        guard !doomed.isEmpty else { return }
        // Bottom up, one run at a time, so earlier indices stay valid.
        var runs: [Range<Int>] = []
        for row in doomed.reversed() {
            if let last = runs.last, last.lowerBound == row + 1 {
                runs[runs.count - 1] = row..<last.upperBound
            } else {
                runs.append(row..<(row + 1))
            }
        }
        for run in runs {
            let oldCount = rows.count
            rows.remove(run)
            engine.apply(.deleting(run, from: oldCount))
        }
        statistics.postsDropped += doomed.count
    }
}
