import ArgumentParser
import FlickWindow

/// The ranges the commands accept for their display options, in one place with their reasons,
/// and one wording for the errors that name them.
enum OptionLimits {
    /// Display clocks the engine is tuned and benchmarked for.
    static let frameRates: [Double] = [60, 120]
    /// Scales a cell or text sheet can be drawn at: a quarter pixel per point still makes a
    /// visible image; past 4 no display exists and bitmaps grow by the square.
    static let renderScales: ClosedRange<Double> = 0.25...4
    /// Scales the window supports: the display scales of real devices.
    static let windowScales: ClosedRange<Double> = 1...3
    /// A text sheet's width, points: anything from one glyph to a wide poster.
    static let textWidths: ClosedRange<Double> = 1...4_000
    /// A cell's width, points: below 100 the name column no longer fits beside the avatar.
    static let cellWidths: ClosedRange<Double> = 100...4_000
    /// The window's viewport sides, points: room for the HUD and at least one cell (the
    /// window's own range, which its scripts' `size` command is held to as well).
    static let viewportSides: ClosedRange<Double> = WindowConfiguration.viewportSides
    /// Posts `flick generate` writes: an empty feed is a valid file; 50 million is far past
    /// any test or benchmark and keeps a typo from filling the disk.
    static let generatedPosts: ClosedRange<Int> = 0...50_000_000
    /// Posts the demo and the benchmark generate when they have no feed: a list needs a row.
    static let feedPosts: ClosedRange<Int> = 1...generatedPosts.upperBound
    /// Timed runs per micro-benchmark: fewer than 10 makes the median noise.
    static let microBenchmarkRuns: ClosedRange<Int> = 10...1_000_000

    /// Throws "`option` must be in a…b, got v" unless `range` holds `value`.
    static func check<Value: Comparable>(_ value: Value, in range: ClosedRange<Value>, option: String) throws {
        guard range.contains(value) else {
            throw ValidationError("\(option) must be in \(range.lowerBound)…\(range.upperBound), got \(value)")
        }
    }

    /// Throws unless `hz` is one of `frameRates`.
    static func checkFrameRate(_ hz: Double) throws {
        guard frameRates.contains(hz) else {
            throw ValidationError("--hz must be \(frameRates.map { String(Int($0)) }.joined(separator: " or ")), got \(hz)")
        }
    }
}
