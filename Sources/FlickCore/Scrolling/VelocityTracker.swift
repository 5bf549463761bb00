/// Release velocity from the last pointer samples: a least-squares line through the samples
/// of the last `window` seconds, so one jittery event does not decide a fling.
///
/// A fixed ring of samples allocated once; adding a sample never allocates.
struct VelocityTracker: Sendable {
    /// 32 samples hold 100 ms of 240 Hz input with room to spare.
    static let capacity = 32
    private var times = [Double](repeating: 0, count: capacity)
    private var offsets = [Double](repeating: 0, count: capacity)
    private var newest = -1
    private var count = 0

    mutating func reset() {
        newest = -1
        count = 0
    }

    /// The content moved under the pointer by `delta` (rows above changed): past samples move
    /// with it, so the shift is not mistaken for pointer speed.
    mutating func shift(by delta: Double) {
        for index in offsets.indices { offsets[index] += delta }
    }

    mutating func add(time: Double, offset: Double) {
        newest = (newest + 1) % Self.capacity
        times[newest] = time
        offsets[newest] = offset
        count = min(count + 1, Self.capacity)
    }

    /// Points per second at `now`: 0 when the pointer has not moved for `stillInterval` (a
    /// drag that paused before release does not fling) or fewer than two samples are recent.
    func velocity(at now: Double, window: Double, stillInterval: Double) -> Double {
        guard count > 0, now - times[newest] <= stillInterval else { return 0 }
        var used = 0
        var sumT = 0.0
        var sumX = 0.0
        forEachRecent(now: now, window: window) { t, x in
            used += 1
            sumT += t
            sumX += x
        }
        guard used >= 2 else { return 0 }
        let meanT = sumT / Double(used)
        let meanX = sumX / Double(used)
        var covariance = 0.0
        var variance = 0.0
        forEachRecent(now: now, window: window) { t, x in
            covariance += (t - meanT) * (x - meanX)
            variance += (t - meanT) * (t - meanT)
        }
        return variance > 0 ? covariance / variance : 0
    }

    /// Samples no older than `window`, newest first; times relative to `now` for precision.
    private func forEachRecent(now: Double, window: Double, _ body: (Double, Double) -> Void) {
        var slot = newest
        for _ in 0..<count {
            let age = now - times[slot]
            guard age <= window else { return }
            body(-age, offsets[slot])
            slot = (slot + Self.capacity - 1) % Self.capacity
        }
    }
}
