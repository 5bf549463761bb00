/// The motion of a scrolling list along one axis: drag with rubber-banding, fling with
/// UIScrollView's deceleration, bounce at the edges, scroll-to-top and programmatic
/// animations — as a pure value driven by explicit time.
///
/// Every call takes the time (seconds, from a ``FrameClock``); nothing reads a clock or
/// sleeps, so tests advance time themselves. Motion is made of closed-form segments with
/// exact end times (coast, spring, ease-out; see ScrollMotion.swift), so where the content is at a
/// given time does not depend on how often ``step(to:)`` was called: 60 Hz, 120 Hz and
/// irregular frames see the same path.
///
/// Offsets are the y of the viewport's top in content coordinates; velocity is positive when
/// the offset grows (moving on through the feed). Bounds are 0…max(0, content − viewport).
///
/// A `Sendable` value with no locks: any thread may use it. The list engine owns one on the
/// main thread and steps it once per frame; a step does no allocation.
///
///     var physics = ScrollPhysics(contentHeight: heights.totalHeight, viewportHeight: 667)
///     physics.fling(velocity: 3_000, time: clock.now)
///     let landing = physics.targetContentOffset   // where it will rest, for the range policy
///     let y = physics.step(to: clock.now)          // each frame
public struct ScrollPhysics: Sendable {
    /// What the scroll is doing.
    public enum Phase: Sendable, Hashable {
        /// At rest.
        case idle
        /// Following a finger.
        case dragging
        /// Coasting after a release or fling.
        case decelerating
        /// Springing back to an edge (released past it, or a fling ran into it).
        case bouncing
        /// Scroll-to-top or another programmatic animation.
        case animating
    }

    enum Motion: Sendable {
        case resting
        case dragging(Drag)
        case decelerating(Deceleration)
        case bouncing(Spring)
        case animating(EaseOut)
    }

    /// A drag in progress: the finger's start, the offset it would give without rubber
    /// banding at that start, and where the finger is now.
    struct Drag: Sendable {
        var pointerStart: Double
        var rawStart: Double
        var pointer: Double
    }

    public let configuration: Configuration
    /// The offset at ``time``, points.
    public internal(set) var contentOffset: Double
    /// The velocity at ``time``, points per second (during a drag, the finger's recent speed).
    public internal(set) var velocity = 0.0
    public internal(set) var contentHeight: Double
    public internal(set) var viewportHeight: Double
    /// Space the content may rest in beyond its ends, points: a refresh header held open above
    /// the first row (`top`), a footer below the last (`bottom`). Default none.
    public internal(set) var insets = ScrollInsets()
    /// The latest time seen. Calls with an earlier time are treated as happening now.
    public internal(set) var time: Double
    var motion = Motion.resting
    var tracker = VelocityTracker()

    public init(
        contentHeight: Double, viewportHeight: Double, contentOffset: Double = 0, time: Double = 0,
        configuration: Configuration = .standard
    ) {
        self.configuration = configuration
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
        self.time = time
        self.contentOffset = 0
        self.contentOffset = min(max(contentOffset, bounds.lowerBound), bounds.upperBound)
    }

    public var phase: Phase {
        switch motion {
        case .resting: .idle
        case .dragging: .dragging
        case .decelerating: .decelerating
        case .bouncing: .bouncing
        case .animating: .animating
        }
    }

    /// The offsets the content rests within: −top…max(−top, contentHeight + bottom −
    /// viewportHeight), with `insets` (0…max(0, contentHeight − viewportHeight) without).
    public var bounds: ClosedRange<Double> {
        -insets.top...max(-insets.top, contentHeight + insets.bottom - viewportHeight)
    }

    /// Where the current motion will come to rest — the projected landing of a fling (clamped
    /// to the bounds, since a fling past an edge bounces back onto it), the edge of a bounce,
    /// the end of an animation; `nil` at rest and while dragging. Re-read it after
    /// ``setContentHeight(_:time:)``: the landing moves when the content does.
    public var targetContentOffset: Double? {
        switch motion {
        case .resting, .dragging: return nil
        case .decelerating, .bouncing, .animating: return offset(at: .infinity)
        }
    }

    /// Advances the motion to `time` and returns the offset there. O(1), no allocation.
    @discardableResult
    public mutating func step(to time: Double) -> Double {
        let now = max(time, self.time)
        while let end = motion.end, end <= now { finish(at: end) }
        self.time = now
        switch motion {
        case .resting, .dragging: break
        case .decelerating(let coast): place(coast.position(at: now), coast.velocity(at: now))
        case .bouncing(let spring): place(spring.position(at: now), spring.velocity(at: now))
        case .animating(let ease): place(ease.position(at: now), ease.velocity(at: now))
        }
        return contentOffset
    }

    /// The offset at `time` without changing anything.
    public func offset(at time: Double) -> Double {
        var future = self
        return future.step(to: time)
    }

    // MARK: Internals shared by the extensions

    /// Ends the current segment at its end time and starts what follows.
    private mutating func finish(at end: Double) {
        switch motion {
        case .resting, .dragging:
            return
        case .decelerating(let coast):
            if let edge = coast.edge {
                motion = .bouncing(Spring(start: end, position: edge, velocity: coast.velocity(at: end), edge: edge, configuration: configuration))
                place(edge, coast.velocity(at: end))
            } else {
                rest(at: coast.position(at: end))
            }
        case .bouncing(let spring):
            let speed = spring.velocity(at: end)
            if spring.crosses, let coast = Deceleration(start: end, origin: spring.edge, velocity: speed, bounds: bounds, configuration: configuration) {
                motion = .decelerating(coast)
                place(spring.edge, speed)
            } else {
                rest(at: spring.edge)
            }
        case .animating(let ease):
            rest(at: ease.to)
        }
    }

    /// Starts free motion — a coast, or a spring back when past an edge — from `position` with
    /// `velocity` at the current time.
    mutating func release(at position: Double, velocity: Double) {
        let limits = bounds
        place(position, velocity)
        if position < limits.lowerBound || position > limits.upperBound {
            let edge = position < limits.lowerBound ? limits.lowerBound : limits.upperBound
            motion = .bouncing(Spring(start: time, position: position, velocity: velocity, edge: edge, configuration: configuration))
        } else if let coast = Deceleration(start: time, origin: position, velocity: velocity, bounds: limits, configuration: configuration) {
            motion = .decelerating(coast)
        } else {
            rest(at: position)
        }
    }

    mutating func rest(at position: Double) {
        motion = .resting
        place(position, 0)
    }

    private mutating func place(_ position: Double, _ speed: Double) {
        contentOffset = position
        velocity = speed
    }
}

extension ScrollPhysics.Motion {
    /// When the current segment ends; nil for rest and drags, which end by events.
    var end: Double? {
        switch self {
        case .resting, .dragging: nil
        case .decelerating(let coast): coast.end
        case .bouncing(let spring): spring.end
        case .animating(let ease): ease.end
        }
    }
}
