import FlickCore
import Foundation

/// Runs async work from a synchronous command's `run()` (the `flick` root command is
/// synchronous) and waits for its result on the calling thread. The work runs on the
/// global concurrent executor, never on the blocked thread, so it cannot deadlock on it;
/// do not call it from main-actor work.
func runBlocking<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
    let result = LockedBox<Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let outcome: Result<Value, any Error>
        do {
            outcome = .success(try await body())
        } catch {
            outcome = .failure(error)
        }
        result.withLock { $0 = outcome }
        done.signal()
    }
    done.wait()
    return try result.value!.get()
}
