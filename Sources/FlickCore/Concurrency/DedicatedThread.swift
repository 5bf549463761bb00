import CFlickSys

#if canImport(Glibc)
import Glibc
#endif

/// A thread of Flick's own, for work that must not wait behind the worker pool: dispatch's
/// threads are shared, and after a jump the pool's lanes keep them busy for a burst (the
/// pixel buffer reclaimer, the compositor's thread). Detached; it lives until `body` returns.
public enum DedicatedThread {
    /// Starts a detached thread named `name` (15 bytes show in profilers) running `body`.
    /// Any thread.
    public static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Launch(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                let launch = Unmanaged<Launch>.fromOpaque(context!).takeRetainedValue()
                launch.name.withCString { flick_name_current_thread($0) }
                launch.body()
                return nil
            }, context)
        precondition(started == 0, "the thread \(name) did not start: \(started)")
        pthread_detach(thread)
    }

    /// What the new thread runs, handed over through pthread's context pointer.
    private final class Launch: Sendable {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}
