import Dispatch
import Foundation

/// The idle and total timeouts of HTTP transfers, as a pure rule plus a timer queue.
///
/// `judge` decides from three times whether a transfer broke a limit or when to look again, so
/// tests drive it without waiting. `watch` runs a check later on the watchdog's own serial
/// queue (user-initiated QoS: a timeout that fires late under load keeps a stalled host's slot
/// busy, which is the harm the timeouts exist to prevent). A transfer costs one timer per idle
/// interval, not one per chunk received.
struct TransferWatchdog: Sendable {
    /// Seconds without a byte before a transfer fails (`Configuration.idleTimeout`).
    let idle: Double
    /// Seconds for a whole transfer (`Configuration.totalTimeout`).
    let total: Double
    private let queue = DispatchQueue(label: "flick.image.watchdog", qos: .userInitiated)

    init(idle: Double, total: Double) {
        self.idle = max(0.001, idle)
        self.total = max(0.001, total)
    }

    enum Verdict: Equatable {
        /// Within both limits; look again after this many seconds.
        case wait(Double)
        /// Over a limit: fail the transfer with this reason.
        case expired(ImageLoadError.Reason)
    }

    /// Seconds from a transfer's start to its first check.
    var firstCheck: Double { min(idle, total) }

    /// Whether a transfer started at `startedAt` that last received a byte at `lastActivity`
    /// (uptime ns) broke a limit at `now`. The total limit wins a tie: it is the one a
    /// trickling server hits.
    func judge(startedAt: UInt64, lastActivity: UInt64, now: UInt64) -> Verdict {
        let running = Double(now &- min(now, startedAt)) / 1e9
        let quiet = Double(now &- min(now, lastActivity)) / 1e9
        if running >= total { return .expired(.timedOut(seconds: total)) }
        if quiet >= idle { return .expired(.timedOut(seconds: idle)) }
        return .wait(max(0.001, min(idle - quiet, total - running)))
    }

    /// Runs `check` after `seconds` on the watchdog queue.
    func watch(after seconds: Double, _ check: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + seconds, execute: check)
    }

    /// The monotonic uptime in nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
