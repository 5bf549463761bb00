import FlickTimeline
import Foundation

/// Which end of the timeline a page extends.
public enum PagingDirection: Sendable, Hashable {
    /// Older posts, below the last row (infinite scroll).
    case older
    /// Newer posts, above the first row (pull to refresh, polling).
    case newer
}

/// What one page request did, stored and ready for the list: handed from the feed client's
/// task to the main thread through its mailbox. Immutable value.
public enum PageLanding: Sendable {
    /// An older page was stored: `appended` are new rows after the last one (page order),
    /// `updated` known posts with new content. `reachedEnd`: no page is older.
    case older(appended: [Post], updated: [Post], warnings: [FeedWarning], reachedEnd: Bool)
    /// Newer posts were stored: `inserted` are new rows on top (newest first), `updated`
    /// known posts with new content. `caughtUp`: nothing newer is left to ask for.
    case newer(inserted: [Post], updated: [Post], warnings: [FeedWarning], caughtUp: Bool)
    /// The server says these posts were deleted (recorded in the store): the list drops them.
    case deleted(ids: [String])
    /// The request failed; nothing was stored by it. `isOffline`: the server could not be
    /// reached at all (as opposed to answering badly).
    case failed(PagingDirection, reason: String, isOffline: Bool)

    public var direction: PagingDirection {
        switch self {
        case .older: .older
        case .newer: .newer
        case .deleted: .newer
        case .failed(let direction, _, _): direction
        }
    }
}
