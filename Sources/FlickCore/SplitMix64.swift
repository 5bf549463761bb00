/// A small, fast, seeded random generator (SplitMix64): the feed generator and tests get the
/// same "random" content for the same seed on every machine. Not for security.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix64 {
    // The standard library's `random(in:using:)` may change between Swift releases; these
    // helpers are ours, so the same seed gives the same content on every toolchain.

    /// A uniform integer in `range` (multiply-shift; bias below 2⁻³² for ranges this small).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        let high = next().multipliedFullWidth(by: span).high
        return range.lowerBound + Int(high)
    }

    /// A uniform double in [0, 1).
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A uniformly chosen element (the collection must not be empty).
    public mutating func pick<C: RandomAccessCollection>(_ items: C) -> C.Element where C.Index == Int {
        items[items.startIndex + int(in: 0...(items.count - 1))]
    }

    /// A log-normal sample: exp(μ + σ·N(0,1)), N from Box–Muller.
    public mutating func logNormal(mu: Double, sigma: Double) -> Double {
        let u1 = max(unit(), 1e-12)
        let u2 = unit()
        let normal = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
        return exp(mu + sigma * normal)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
