extension ScrollPhysics {
    /// Tunables for ``ScrollPhysics``, each with the reason for its default. UIKit's feel is
    /// the reference: people's thumbs are trained on it.
    public struct Configuration: Sendable, Hashable {
        /// Fraction of velocity kept per millisecond of deceleration. Default 0.998:
        /// `UIScrollView.DecelerationRate.normal` (0.99 is `.fast`). A fling's travel is
        /// v₀/(1000·|ln rate|) ≈ v₀ × 0.4995 s.
        public var decelerationRate = 0.998 {
            didSet { precondition(decelerationRate > 0 && decelerationRate < 1, "deceleration rate must be in (0, 1)") }
        }
        /// Speed at which a deceleration ends, points per second. Default 1: the travel left
        /// at that speed is under 0.5 pt (speed / 2.002 at the normal rate), so stopping there
        /// is invisible and the rest lies within 0.5 pt of UIKit's projected target.
        public var stoppingSpeed = 1.0 {
            didSet { precondition(stoppingSpeed > 0, "stopping speed must be positive") }
        }
        /// Age of the oldest pointer sample used for the release velocity, seconds. Default
        /// 0.1: long enough to average 6+ events at 60 Hz, short enough to follow a flick.
        public var velocityWindow = 0.1
        /// A pointer that has not moved for this long before release is at rest: velocity 0.
        /// Default 0.05 s — three 60 Hz frames (Android's VelocityTracker uses 40 ms).
        public var stillPointerInterval = 0.05
        /// Rubber-band stiffness past an edge. Default 0.55: UIScrollView's coefficient — the
        /// content first moves at 0.55× the finger, ever more slowly after.
        public var rubberBandCoefficient = 0.55
        /// Natural frequency of the critically damped spring that returns content to an edge,
        /// radians per second. Default 20: a 100 pt pull settles in ~0.45 s, a 50 ms time
        /// constant close to UIKit's bounce.
        public var bounceFrequency = 20.0
        /// A bounce that stays within this distance of the edge is finished and snaps onto
        /// it, points. Default 0.1: a third of a pixel at @3x, never seen.
        public var bounceRestDistance = 0.1
        /// Scroll-to-top duration per point of distance: the duration is distance / this,
        /// points per second. Default 5,000.
        public var scrollToTopSpeed = 5_000.0
        /// Bounds on the scroll-to-top duration, seconds. Default 0.3…0.6: a short hop still
        /// reads as motion; a jump from a million rows down is no slower than a long fling.
        public var scrollToTopDuration: ClosedRange<Double> = 0.3...0.6

        public init() {}

        public static let standard = Configuration()
    }
}
