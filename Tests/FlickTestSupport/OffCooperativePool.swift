import Foundation

/// Runs `body`, which blocks (waits for a pool, a child process), on a thread of its own and
/// returns its result to the awaiting test. Not the cooperative pool: Swift Testing runs tests
/// there (two threads on this machine), and the in-process feed servers of other suites need
/// it too (a test blocking a cooperative thread for seconds starved them into false idle
/// timeouts). Not Dispatch's global queue either: libdispatch on Linux does not add threads
/// for blocked ones, so a few children waited for there left the process's global queue
/// without threads for seconds — and whatever was queued on it (URLSession's callbacks, once)
/// waited with them (issue 30: stalled images that did not time out under a loaded run).
public func offCooperativePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.name = "flick.test.blocking"
        thread.start()
    }
}
