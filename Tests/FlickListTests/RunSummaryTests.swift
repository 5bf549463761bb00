import FlickList
import Testing

@Suite("RunSummary")
struct RunSummaryTests {
    static func frame(_ index: Int, ms: Double, skeleton: Int = 0, blank: Int = 0, blankPixels: Int = 0, skeletonPixels: Int = 0) -> FrameStats {
        var stats = FrameStats()
        stats.index = index
        stats.mainThreadMilliseconds = ms
        stats.rowsSkeleton = skeleton
        stats.rowsBlank = blank
        stats.blankPixels = blankPixels
        stats.skeletonPixels = skeletonPixels
        stats.viewportPixels = 1_000
        return stats
    }

    @Test func aKnownJankyFrameIsCountedWithItsHitchTime() {
        var frames = (0..<119).map { Self.frame($0, ms: 1) }
        frames.append(Self.frame(119, ms: 20))  // 11.67 ms over a 8.33 ms budget
        let summary = RunSummary(frames: frames, hz: 120)
        #expect(summary.jankyFrames == 1)
        #expect(abs(summary.jankyPercent - 100.0 / 120) < 1e-9)
        #expect(abs(summary.hitchMillisecondsPerSecond - (20 - 1000.0 / 120)) < 1e-9, "120 frames = 1 s")
        #expect(summary.max == 20)
        #expect(summary.p50 == 1)
        #expect(summary.p99 == 1, "one slow frame in 120 is above the 99th percentile (nearest rank)")
    }

    @Test func blankAreaOfAKnownFrameIsExact() {
        let frames = [Self.frame(0, ms: 1, blank: 1, blankPixels: 250), Self.frame(1, ms: 1), Self.frame(2, ms: 1, skeleton: 2, skeletonPixels: 500)]
        let summary = RunSummary(frames: frames, hz: 60)
        #expect(summary.blankFrames == 1)
        #expect(abs(summary.meanBlankPercent - 25.0 / 3) < 1e-9)
        #expect(abs(summary.meanSkeletonPercent - 50.0 / 3) < 1e-9)
        #expect(summary.budgetMilliseconds == 1000.0 / 60)
        #expect(summary.jankyFrames == 0)
    }

    @Test func settleToDrawnCountsFramesUntilNoSkeletonIsLeft() {
        let frames = [
            Self.frame(0, ms: 1, skeleton: 1), Self.frame(1, ms: 1, skeleton: 1), Self.frame(2, ms: 1),
            Self.frame(3, ms: 1), Self.frame(4, ms: 1, skeleton: 3),
        ]
        let summary = RunSummary(frames: frames, hz: 100, settles: [0, 3, 4])
        #expect(summary.settleToDrawnMilliseconds == [20, 0, nil])
        #expect(summary.settleToDrawn(percentile: 0.5) == 20)
        #expect(summary.settleToDrawn(percentile: 0.95) == .infinity)
    }

    @Test func settleToImagesWaitsForTheLastPendingImage() {
        var frames = (0..<6).map { Self.frame($0, ms: 1) }
        frames[0].imagesPending = 4
        frames[1].imagesPending = 2
        frames[2].imagesPending = 1
        let summary = RunSummary(frames: frames, hz: 100, settles: [0, 4])
        #expect(summary.settleToDrawnMilliseconds == [0, 0])
        #expect(summary.settleToImagesMilliseconds == [30, 0])
        #expect(summary.settleToImages(percentile: 0.95) == 30)
    }

    @Test func percentileIsTheNearestRankOfTheSortedValues() {
        let sorted: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        #expect(RunSummary.percentile(0.5, ofSorted: sorted) == 6, "⌊10 × 0.5⌋ = index 5")
        #expect(RunSummary.percentile(0.99, ofSorted: sorted) == 10)
        #expect(RunSummary.percentile(1, ofSorted: sorted) == 10, "p = 1 is the last, not past it")
        #expect(RunSummary.percentile(0, ofSorted: sorted) == 1)
        #expect(RunSummary.percentile(2, ofSorted: sorted) == 10, "clamped")
        #expect(RunSummary.percentile(0.5, ofSorted: []) == 0)
    }

    @Test func emptyLogSummarizesToZeros() {
        let summary = RunSummary(frames: [], hz: 120)
        #expect(summary.frameCount == 0)
        #expect(summary.p99 == 0)
        #expect(summary.hitchMillisecondsPerSecond == 0)
    }
}
