import Synchronization

/// A value guarded by a mutex: the one way Flick shares mutable state between threads
/// (the swift-nio `NIOLockedValueBox` pattern). Safe on any thread; hold the lock briefly.
public final class LockedBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value. Never call back into the same box from `body`.
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { value in body(&value) }
    }

    /// A copy of the current value.
    public var value: Value {
        mutex.withLock { $0 }
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
