#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a mutex: the one way Flick shares mutable state between threads
/// (the swift-nio `NIOLockedValueBox` pattern). Safe on any thread; hold the lock briefly.
///
/// The lock is a `pthread_mutex_t`, not Swift's `Mutex`: on Linux `Mutex` is a bare futex that
/// ThreadSanitizer cannot see, so every box would look like a data race under `make sanitize`
/// and hide the real ones. TSan intercepts `pthread_mutex_lock`/`unlock`, and glibc's
/// uncontended path is one atomic exchange, as fast as `Mutex` (`scripts/lock-bench.sh`).
public final class LockedBox<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `storage` is reached only through `withLock`, which holds the mutex.
    private let storage: LockedStorage<Value>

    public init(_ value: Value) {
        storage = LockedStorage.make(value)
    }

    /// Runs `body` with exclusive access to the value. Never call back into the same box from `body`.
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        storage.withLock(body)
    }

    /// A copy of the current value.
    public var value: Value {
        storage.withLock { $0 }
    }
}

extension LockedBox {
    /// Takes every element out, leaving the box empty: the inbox pattern (workers append,
    /// one consumer drains). Swaps in an empty array, so the drained buffer is handed over,
    /// not copied, and an empty inbox costs no allocation.
    public func takeAll<Element>() -> [Element] where Value == [Element] {
        withLock { elements in
            guard !elements.isEmpty else { return [] }
            var taken: [Element] = []
            swap(&taken, &elements)
            return taken
        }
    }
}

/// The value (the header) and its `pthread_mutex_t` (the one element) in a single allocation,
/// made once per box; the mutex never moves, as POSIX requires. Reached through pointers, so
/// there is no dynamic exclusivity check on the hot path (the mutex already gives exclusivity).
/// Any thread; only while holding the mutex for the value.
private final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    static func make(_ value: Value) -> LockedStorage<Value> {
        let buffer = create(minimumCapacity: 1) { _ in value }
        // `create` returns the ManagedBuffer; it is an instance of this subclass.
        let storage = unsafeDowncast(buffer, to: LockedStorage<Value>.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            // Default attributes: a normal (non-recursive, non-error-checking) mutex, the fast one.
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
        return storage
    }

    @inline(__always)
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body(&value.pointee)
        }
    }

    deinit {
        // No thread can hold the mutex here: the last reference is gone. The header (the
        // value) is deinitialized by ManagedBuffer itself.
        _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
    }
}
