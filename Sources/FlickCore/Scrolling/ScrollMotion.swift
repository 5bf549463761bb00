#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The closed-form segments a scroll moves through. Each knows its position and velocity at
/// any time and the exact time it ends, so the path never depends on how often it is stepped.

/// Momentum after release: v(t) = v₀·e^{λt}, x(t) = x₀ + v₀·(e^{λt} − 1)/λ, with
/// λ = 1000·ln(rate per ms) — UIScrollView's "0.998 per millisecond" integrated exactly.
struct Deceleration: Sendable {
    let start: Double
    let origin: Double
    let initialVelocity: Double
    /// λ, per second (negative).
    let rate: Double
    /// When it stops (speed falls to the stopping speed) or reaches `edge`.
    let end: Double
    /// The edge it runs into at `end`, if it would otherwise come to rest past it.
    let edge: Double?

    /// Nil when `velocity` is already below the stopping speed.
    init?(start: Double, origin: Double, velocity: Double, bounds: ClosedRange<Double>, configuration: ScrollPhysics.Configuration) {
        let stopping = configuration.stoppingSpeed
        guard abs(velocity) > stopping else { return nil }
        self.start = start
        self.origin = origin
        initialVelocity = velocity
        rate = 1000 * log(configuration.decelerationRate)
        let stopDelay = log(stopping / abs(velocity)) / rate
        let stopOffset = origin + velocity * expm1(rate * stopDelay) / rate
        let limit = velocity > 0 ? bounds.upperBound : bounds.lowerBound
        if velocity > 0 ? stopOffset > limit : stopOffset < limit {
            edge = limit
            // x(τ) = limit  ⇔  e^{λτ} = 1 + λ(limit − x₀)/v₀
            end = start + max(0, log1p(rate * (limit - origin) / velocity) / rate)
        } else {
            edge = nil
            end = start + stopDelay
        }
    }

    func position(at time: Double) -> Double {
        origin + initialVelocity * expm1(rate * (time - start)) / rate
    }

    func velocity(at time: Double) -> Double {
        initialVelocity * exp(rate * (time - start))
    }
}

/// A critically damped spring pulling the content to an edge: displacement
/// D(τ) = (d₀ + (v₀ + ωd₀)τ)·e^{−ωτ}. Critical damping never oscillates: D crosses zero at most
/// once, and only when released *toward* the content faster than ω·|d₀| — then the content
/// carries on into the list (it decelerates from the edge) instead of bouncing back out.
struct Spring: Sendable {
    let start: Double
    let edge: Double
    let displacement: Double
    let initialVelocity: Double
    /// ω, radians per second.
    let frequency: Double
    /// When it settles within the rest distance for good (then it snaps onto the edge), or
    /// when it crosses the edge (`crosses`).
    let end: Double
    let crosses: Bool

    init(start: Double, position: Double, velocity: Double, edge: Double, configuration: ScrollPhysics.Configuration) {
        self.start = start
        self.edge = edge
        displacement = position - edge
        initialVelocity = velocity
        frequency = configuration.bounceFrequency
        let slope = velocity + frequency * displacement
        let crossing = slope == 0 || displacement == 0 ? -1 : -displacement / slope
        if crossing > 0 {
            crosses = true
            end = start + crossing
        } else {
            crosses = false
            end = start + Self.settleDelay(abs(displacement), abs(slope), frequency, configuration.bounceRestDistance)
        }
    }

    func position(at time: Double) -> Double {
        let tau = time - start
        return edge + (displacement + (initialVelocity + frequency * displacement) * tau) * exp(-frequency * tau)
    }

    func velocity(at time: Double) -> Double {
        let tau = time - start
        let slope = initialVelocity + frequency * displacement
        return (slope - frequency * (displacement + slope * tau)) * exp(-frequency * tau)
    }

    /// The first τ after which (a + bτ)·e^{−ωτ} (a, b ≥ 0: one hump, then decay) stays ≤ ε.
    /// Bisection: a fixed number of steps, so the same inputs always give the same time.
    private static func settleDelay(_ a: Double, _ b: Double, _ omega: Double, _ epsilon: Double) -> Double {
        func envelope(_ tau: Double) -> Double { (a + b * tau) * exp(-omega * tau) }
        let peak = b > 0 ? max(0, 1 / omega - a / b) : 0
        guard envelope(peak) > epsilon else { return 0 }
        var low = peak
        var high = max(peak, 1 / omega) * 2
        while envelope(high) > epsilon { high *= 2 }
        for _ in 0..<64 {
            let middle = (low + high) / 2
            if envelope(middle) > epsilon { low = middle } else { high = middle }
        }
        return high
    }
}

/// A programmatic scroll with cubic ease-out, p(u) = 1 − (1 − u)³. The rest of an ease-out
/// cubic is again an ease-out cubic, so rebasing it mid-flight (the content moved under it)
/// keeps its speed continuous.
struct EaseOut: Sendable {
    let start: Double
    let from: Double
    let to: Double
    let duration: Double

    var end: Double { start + duration }

    func position(at time: Double) -> Double {
        let remaining = 1 - progress(at: time)
        return to - (to - from) * remaining * remaining * remaining
    }

    func velocity(at time: Double) -> Double {
        let remaining = 1 - progress(at: time)
        return 3 * (to - from) * remaining * remaining / duration
    }

    /// The same motion continued from `time`, starting at `position` (which may differ from
    /// this one's by a content shift) and heading for `destination`.
    func rebased(at time: Double, position: Double, destination: Double) -> EaseOut {
        EaseOut(start: time, from: position, to: destination, duration: max(0, end - time))
    }

    private func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(1, max(0, (time - start) / duration))
    }
}
