import FlickCore
import FlickWindow
import Testing

@Suite("HUD layout")
struct HUDLayoutTests {
    let frame = Rect(x: 8, y: 100, width: 30, height: 40)

    @Test func barsAreNewestAtTheRightAndScaledToTheCeiling() {
        // Budget 8 ms; peak 12 ms → ceiling 2 budgets = 16 ms.
        let graph = FrameGraph(milliseconds: [4, 8, 12], in: frame, budget: 8, barWidth: 2)
        #expect(graph.ceilingMilliseconds == 16)
        #expect(graph.bars.count == 3)
        #expect(graph.bars.map(\.rect.minX) == [32, 34, 36])
        #expect(graph.bars.last?.rect.maxX == frame.maxX)
        #expect(graph.bars.map(\.rect.height) == [10, 20, 30])
        #expect(graph.bars.allSatisfy { $0.rect.maxY == frame.maxY })
        #expect(graph.bars.map(\.overBudget) == [false, false, true])
        #expect(graph.budgetLineY == frame.maxY - 20)
    }

    @Test func onlyTheNewestFramesThatFitAreDrawn() {
        let values = (0..<100).map(Double.init)
        let graph = FrameGraph(milliseconds: values, in: frame, budget: 50, barWidth: 1.5)
        #expect(graph.bars.count == 20)
        // The last bar is the newest value (99 ms, over the 50 ms budget).
        #expect(graph.bars.last?.overBudget == true)
        #expect(graph.bars.first?.rect.minX == frame.minX)
    }

    @Test func spikesAreClippedAtFourBudgets() {
        let graph = FrameGraph(milliseconds: [500], in: frame, budget: 8)
        #expect(graph.ceilingMilliseconds == 32)
        #expect(graph.bars[0].rect.height == frame.height)
        #expect(graph.bars[0].rect.minY == frame.minY)
    }

    @Test func frameHistoryKeepsTheNewestAndMeasuresFPS() {
        var history = FrameHistory(capacity: 5)
        for index in 0..<8 { history.append(start: Double(index) / 60, milliseconds: Double(index)) }
        #expect(history.count == 5)
        #expect(history.samples.map(\.milliseconds) == [3, 4, 5, 6, 7])
        #expect(abs(history.framesPerSecond() - 60) < 1e-6)
        #expect(history.percentile(0.5) == 5)
        #expect(history.percentile(0.99) == 7)
        #expect(FrameHistory().framesPerSecond() == 0)
    }

    @Test func fpsLooksOnlyAtTheLastSecond() {
        var history = FrameHistory(capacity: 200)
        for index in 0..<60 { history.append(start: Double(index) / 120, milliseconds: 1) }  // 0.5 s at 120 Hz
        for index in 1...30 { history.append(start: 59.0 / 120 + Double(index) / 30, milliseconds: 1) }  // 1 s at 30 Hz
        #expect(abs(history.framesPerSecond() - 30) < 1)
    }
}
