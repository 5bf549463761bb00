import FlickCore

/// A change a script asks the list's client to make (`insert`, `delete`, `move`, `edit`).
public enum ListEdit: Hashable, Sendable {
    /// `count` new items before `row`.
    case insert(row: Int, count: Int)
    /// `count` items from `row` on.
    case delete(row: Int, count: Int)
    /// The item at `from` moves so it ends at `to`.
    case move(from: Int, to: Int)
    /// The item at `row` gets a new version of its content with a different height.
    case edit(row: Int)
}

/// A client that can change its own list on request: what scripts' edit steps call. It
/// changes its source and returns what changed, for `ListEngine.apply(_:)`; nil when the edit
/// does not fit the list (rows out of range). Main thread.
@MainActor
public protocol ListEditing: AnyObject {
    func perform(_ edit: ListEdit) -> ListChanges?
}

/// A list that loads pages (a live timeline): what the `wait-page` script step watches.
/// Main thread.
@MainActor
public protocol ListPaging: AnyObject {
    /// Page requests that ended so far, landed or failed (either direction): `wait-page`
    /// waits for this to grow.
    var pageRequestsEnded: Int { get }
    /// Whether a page request is running now.
    var isLoadingPage: Bool { get }
}
