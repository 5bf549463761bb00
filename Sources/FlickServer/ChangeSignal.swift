import FlickCore
import Foundation

/// Wakes every waiter when the timeline changes: each live stream subscribes a callback,
/// and `signal()` calls them all. Any thread (a lock around the callbacks; they must be quick
/// and must not call back in — the stream's only yields to an `AsyncStream`).
final class ChangeSignal: Sendable {
    private let subscribers = LockedBox<[UInt64: @Sendable () -> Void]>([:])
    private let nextToken = LockedBox<UInt64>(0)

    /// Calls `wake` after every change until `unsubscribe(token)`.
    func subscribe(_ wake: @escaping @Sendable () -> Void) -> UInt64 {
        let token = nextToken.withLock { token -> UInt64 in
            defer { token += 1 }
            return token
        }
        subscribers.withLock { $0[token] = wake }
        return token
    }

    func unsubscribe(_ token: UInt64) {
        subscribers.withLock { _ = $0.removeValue(forKey: token) }
    }

    /// Subscribers now.
    var count: Int { subscribers.value.count }

    func signal() {
        for wake in subscribers.value.values { wake() }
    }
}
