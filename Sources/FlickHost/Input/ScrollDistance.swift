import FlickCore

/// Keys and wheels scroll by a distance; the engine scrolls by flinging. This turns a
/// distance into the fling velocity whose coast covers it under the physics' deceleration, so
/// a page-down is a short, natural glide (and the range policy sees its landing in advance).
///
/// Pure; any thread.
public struct ScrollDistance: Sendable {
    /// Coast distance per unit of velocity (seconds) and the velocity lost to the stopping
    /// speed; distance = (|v| − stopping) × secondsPerVelocity.
    let secondsPerVelocity: Double
    let stoppingVelocity: Double

    /// Measures the physics' coast once (two probe flings on an endless list).
    public init(configuration: ScrollPhysics.Configuration = .standard) {
        func coast(_ velocity: Double) -> Double {
            var probe = ScrollPhysics(contentHeight: 1e12, viewportHeight: 100, configuration: configuration)
            probe.fling(velocity: velocity, time: 0)
            return probe.targetContentOffset ?? 0
        }
        let (v1, v2) = (1_000.0, 2_000.0)
        let (d1, d2) = (coast(v1), coast(v2))
        secondsPerVelocity = max(1e-6, (d2 - d1) / (v2 - v1))
        stoppingVelocity = v1 - d1 / secondsPerVelocity
    }

    /// The velocity (points per second, signed like the distance) that coasts `distance` points.
    public func flingVelocity(forDistance distance: Double) -> Double {
        guard distance != 0, distance.isFinite else { return 0 }
        let speed = abs(distance) / secondsPerVelocity + stoppingVelocity
        return distance > 0 ? speed : -speed
    }

    /// The velocity after a wheel event asking for `distance` more points: added to a coast
    /// already going the same way (so a spun wheel accelerates), replacing one going the other way.
    public func wheelVelocity(distance: Double, currentVelocity: Double) -> Double {
        let added = flingVelocity(forDistance: distance)
        guard added != 0 else { return currentVelocity }
        let sameWay = (currentVelocity > 0) == (added > 0) && currentVelocity != 0
        return sameWay ? currentVelocity + added - (added > 0 ? stoppingVelocity : -stoppingVelocity) : added
    }
}
