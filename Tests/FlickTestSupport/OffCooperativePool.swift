import Dispatch

/// Runs `body`, which blocks (waits for a pool, a child process), on a dispatch thread and
/// returns its result to the awaiting test. Swift Testing runs tests on the cooperative pool
/// (two threads on this machine), which the in-process feed servers of other suites need too:
/// a test blocking a cooperative thread for seconds starved them into false idle timeouts.
public func offCooperativePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try body() })
        }
    }
}
