import Dispatch
import FlickCore
import FlickList
import FlickTimeline

extension LiveTimeline {
    /// Shows what a request stored: rows appended or inserted (with anchoring), posts updated,
    /// states changed. Main thread, at the start of a frame.
    func apply(_ landing: PageLanding) {
        let rows = engine.source.rows
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
        let rows = engine.source.rows
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
}
