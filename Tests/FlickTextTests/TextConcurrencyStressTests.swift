import CPangoCairo
import FlickCore
import FlickRaster
import FlickTestSupport
import FlickText
import Testing

/// Thousands of layouts and renders on every worker of a lane at once, each worker with its
/// own font map. GLib warnings and criticals abort the process (as with
/// `G_DEBUG=fatal-warnings`, which `make test` also sets), and every render must match the
/// single-threaded one byte for byte.
@Suite("Text concurrency stress")
struct TextConcurrencyStressTests {
    static let texts = [
        "今天天气不错 @小明Alice 看看 #Swift# https://example.com/x [微笑] 😀",
        "Whole cells rasterized off the main thread 🚀 #性能优化# @bob",
        "👨‍👩‍👧‍👦 👍🏽 🇨🇳 1️⃣ ❤️ 滑动时按需加载，只画停下来的那几行。",
        "مرحبا بالعالم — שלום עולם — mixed RTL with Latin",
    ]

    static func render(_ text: String, with context: TextContext) -> UInt64 {
        let layout = context.layout(parsing: text, style: TextStyle(), width: 240)
        let canvas = Canvas(size: Size(width: 240, height: layout.size.height), scale: .two)
        layout.draw(in: canvas, at: .zero, highlightedLink: layout.text.links.first)
        return checksum(canvas.makeBitmap())
    }

    static func checksum(_ bitmap: Bitmap) -> UInt64 {
        bitmap.withUnsafeBytes { bytes in
            bytes.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        }
    }

    @Test func everyWorkerRendersAtOnceWithoutCorruption() async throws {
        g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue))
        let reference = try TextContext()
        let expected = Self.texts.map { Self.render($0, with: reference) }

        let pool = QueuePool<TextContext?>(queuesPerLane: max(2, QueuePool<Void>.activeCoreCount)) { _ in
            try? TextContext()
        }
        let mismatches = LockedBox(0)
        let completed = LockedBox(0)
        let workersUsed = LockedBox(Set<Int>())
        let rendering = LockedBox(0)
        let peakRendering = LockedBox(0)
        let renders = 2_000
        for index in 0..<renders {
            pool.submit(.userInteractive) { session in
                guard let context = session.context else { return }
                let which = index % Self.texts.count
                let now = rendering.withLock { count -> Int in
                    count += 1
                    return count
                }
                peakRendering.withLock { $0 = max($0, now) }
                let sum = Self.render(Self.texts[which], with: context)
                rendering.withLock { $0 -= 1 }
                if sum != expected[which] { mismatches.withLock { $0 += 1 } }
                completed.withLock { $0 += 1 }
                workersUsed.withLock { _ = $0.insert(session.worker.index) }
            }
        }
        // Seconds of rendering: waited for off the cooperative threads other suites need.
        try await offCooperativePool { pool.waitUntilIdle() }
        #expect(completed.value == renders)
        #expect(mismatches.value == 0)
        #expect(workersUsed.value.count == pool.queuesPerLane)
        #expect(peakRendering.value <= pool.queuesPerLane)
        // Two queues render side by side only when there are two cores to run them.
        if min(pool.queuesPerLane, QueuePool<Void>.activeCoreCount) >= 2 {
            #expect(peakRendering.value >= 2, "renders really overlapped on different font maps")
        }
    }

    @Test func layoutsMadeOnOneWorkerDrawOnAnother() throws {
        let pool = QueuePool<TextContext?>(queuesPerLane: 2) { _ in try? TextContext() }
        let reference = try TextContext()
        let expected = Self.render(Self.texts[0], with: reference)
        let layouts = LockedBox([TextLayout]())
        for _ in 0..<50 {
            pool.submit(.utility, affinity: 0) { session in
                guard let layout = session.context?.layout(parsing: Self.texts[0], style: TextStyle(), width: 240) else { return }
                layouts.withLock { $0.append(layout) }
            }
        }
        pool.waitUntilIdle()
        let sums = LockedBox([UInt64]())
        for layout in layouts.value {
            pool.submit(.utility, affinity: 1) { _ in
                let canvas = Canvas(size: Size(width: 240, height: layout.size.height), scale: .two)
                layout.draw(in: canvas, at: .zero, highlightedLink: layout.text.links.first)
                sums.withLock { $0.append(Self.checksum(canvas.makeBitmap())) }
            }
        }
        pool.waitUntilIdle()
        #expect(sums.value.count == 50)
        #expect(sums.value.allSatisfy { $0 == expected })
    }
}
