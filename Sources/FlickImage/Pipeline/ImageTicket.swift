import FlickCore
import FlickRaster

/// One caller's interest in a load. `cancel()` before the result is delivered guarantees the
/// callback never runs; the shared download and decode stop when no one else waits for them.
public final class ImageTicket: Sendable {
    /// Runs once on a worker (or the HTTP delegate queue) with the processed image and its
    /// opacity, found on the worker that made it, or a typed error.
    public typealias Completion = @Sendable (Result<CachedImage, ImageLoadError>) -> Void

    enum State: Sendable {
        case pending
        case delivering
        case done
        case cancelled
    }

    let key: String
    let id: UInt64
    let completion: Completion
    private let state = LockedBox(State.pending)
    private let onCancel: @Sendable (ImageTicket) -> Void

    init(key: String, id: UInt64, completion: @escaping Completion, onCancel: @escaping @Sendable (ImageTicket) -> Void) {
        self.key = key
        self.id = id
        self.completion = completion
        self.onCancel = onCancel
    }

    /// Stops this request. Returns true if that prevented the callback (false when it already
    /// ran, is running, or the ticket was cancelled before). Any thread.
    @discardableResult
    public func cancel() -> Bool {
        let prevented = state.withLock { state -> Bool in
            guard case .pending = state else { return false }
            state = .cancelled
            return true
        }
        if prevented { onCancel(self) }
        return prevented
    }

    /// Calls the completion unless cancelled first. Returns whether it ran.
    @discardableResult
    func deliver(_ result: Result<CachedImage, ImageLoadError>) -> Bool {
        let go = state.withLock { state -> Bool in
            guard case .pending = state else { return false }
            state = .delivering
            return true
        }
        guard go else { return false }
        completion(result)
        state.withLock { $0 = .done }
        return true
    }
}

/// What `ImagePipeline.load` gives back: the bitmap at once from memory (with whether it is
/// fully opaque), or a ticket.
public enum ImageLoad: Sendable {
    case ready(Bitmap, isOpaque: Bool)
    case pending(ImageTicket)
}
