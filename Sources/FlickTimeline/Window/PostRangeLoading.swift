/// Where a `DataWindow` gets its rows: any source that can read a range of the timeline.
/// `FeedStore` is the shipped one; tests pass fakes that count or hold back loads.
public protocol PostRangeLoading: Sendable {
    /// Posts at `rows`, in timeline order; fewer (or none) past the end. Called on the data
    /// window's loading queue, never on the main thread, so it may block on I/O.
    func posts(in rows: Range<Int>) throws -> [Post]
}

extension FeedStore: PostRangeLoading {}
