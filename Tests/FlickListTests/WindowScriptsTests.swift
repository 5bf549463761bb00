import FlickList
import Testing

/// The window's frame-quality scripts are what issue #15 measures at 1×: constant reading at
/// 1k, 3k and 6k pt/s held 5 s each, and six flings (8k, 25k, 8k pt/s down and back up); the
/// whole-feed trip stops from the first row to the last.
@Suite("Window and whole-feed scripts")
struct WindowScriptsTests {
    static func script(_ name: String) throws -> ScrollScript {
        let text = try #require(StandardScripts.window.first { $0.name == name }?.text, "built-in \(name)")
        return try ScrollScript(parsing: text)
    }

    @Test func constantSpeedHoldsEachSpeedFiveSeconds() throws {
        let scrolls = try Self.script("constant-5s").steps.compactMap { step -> [Double]? in
            if case .scroll(let velocity, let seconds) = step { return [velocity, seconds] }
            return nil
        }
        #expect(scrolls == [[1_000, 5], [3_000, 5], [6_000, 5]])
    }

    @Test func sixFlingsGoDownAndBackAtEachSpeed() throws {
        let flings = try Self.script("six-flings").steps.compactMap { step -> Double? in
            if case .fling(let velocity) = step { return velocity }
            return nil
        }
        #expect(flings == [8_000, -8_000, 25_000, -25_000, 8_000, -8_000])
    }

    @Test func wholeFeedTripStopsFromTheFirstRowToNearTheLast() throws {
        let steps = try ScrollScript(parsing: StandardScripts.wholeFeed(rowCount: 1_000_000)).steps
        let jumps = steps.compactMap { step -> Int? in
            if case .jump(let row) = step { return row }
            return nil
        }
        #expect(jumps.count == 12 && jumps.first == 0 && (jumps.last ?? 0) > 970_000, "\(jumps)")
        #expect(zip(jumps, jumps.dropFirst()).allSatisfy { $0 < $1 }, "in order down the feed")
        #expect(steps.filter { if case .fling = $0 { true } else { false } }.count == 24)
    }
}
