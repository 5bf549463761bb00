import FlickCore
@testable import FlickRaster
import Testing

@Suite("PixelBufferPool")
struct PixelBufferPoolTests {
    @Test func sizeClassesWasteAtMostAnEighth() {
        for bytes in [1, 1_000, 65_536, 100_000, 750 * 4 * 1_100, 3_000_000, 40_000_000] {
            let capacity = PixelBufferPool.sizeClass(bytes)
            #expect(capacity >= bytes)
            #expect(capacity - bytes <= max(bytes / 8, 65_536), "\(bytes) → \(capacity)")
        }
        #expect(PixelBufferPool.sizeClass(750 * 4 * 1_100) == PixelBufferPool.sizeClass(750 * 4 * 1_150))
    }

    @Test func freedBuffersAreReusedZeroedAndBounded() {
        let pool = PixelBufferPool(budget: 1_000_000)
        let a = pool.take(bytes: 300_000)
        a.storeBytes(of: 0xFF, toByteOffset: 10, as: UInt8.self)
        pool.give(a, bytes: 300_000)
        let b = pool.take(bytes: 290_000)
        #expect(b == a, "same size class reuses the buffer")
        #expect(b.load(fromByteOffset: 10, as: UInt8.self) == 0, "reused memory is zeroed")
        #expect(pool.statistics.reused == 1)
        pool.give(b, bytes: 290_000)
        var held: [UnsafeMutableRawPointer] = []
        for _ in 0..<10 { held.append(pool.take(bytes: 300_000)) }
        for pointer in held { pool.give(pointer, bytes: 300_000) }
        #expect(pool.statistics.freeBytes <= 1_000_000)
        #expect(pool.statistics.released > 0, "beyond the budget buffers go back to the system")
    }

    @Test func aFullPoolKeepsTheNewestBufferAndReleasesTheOldest() {
        let pool = PixelBufferPool(budget: 1_000_000)
        let old = (0..<3).map { _ in pool.take(bytes: 300_000) }
        for pointer in old { pool.give(pointer, bytes: 300_000) }
        let fresh = pool.take(bytes: 600_000)
        let releasedBefore = pool.statistics.released
        pool.give(fresh, bytes: 600_000)
        #expect(pool.statistics.released > releasedBefore, "an older buffer made room")
        #expect(pool.statistics.freeBytes <= 1_000_000)
        let reused = pool.take(bytes: 600_000)
        #expect(reused == fresh, "the newest free buffer is reused")
        pool.give(reused, bytes: 600_000)  // back to the pool, which frees it with itself
    }

    @Test func canvasesReuseMemoryOfFreedBitmaps() {
        // The shared pool serves every suite running at the same time, so its counters move
        // under this test; the buffers' own addresses say whether this test's memory came back.
        var previous: UInt?
        var reused = 0
        for _ in 0..<20 {
            let canvas = Canvas(pixelSize: PixelSize(width: 750, height: 1_000), scale: .two)
            canvas.fill(canvas.bounds, .white)
            let address = UInt(bitPattern: canvas.makeBitmap().storage)  // the bitmap is freed here
            if address == previous { reused += 1 }
            previous = address
        }
        #expect(reused >= 15, "\(reused) of 19 canvases reused the buffer the bitmap before freed")
        let fresh = Canvas(pixelSize: PixelSize(width: 750, height: 1_000), scale: .two).makeBitmap()
        #expect(fresh.pixel(x: 100, y: 100) == Pixel(alpha: 0, red: 0, green: 0, blue: 0), "a new canvas starts transparent")
    }

    @Test func heldBytesFollowTheBuffersHandedOut() {
        let pool = PixelBufferPool(budget: 1_000_000)
        let capacity = PixelBufferPool.sizeClass(300_000)
        let a = pool.take(bytes: 300_000)
        let b = pool.take(bytes: 300_000)
        #expect(pool.statistics.heldBytes == 2 * capacity)
        pool.give(a, bytes: 300_000)
        #expect(pool.statistics.heldBytes == capacity && pool.statistics.freeBytes == capacity)
        let c = pool.take(bytes: 300_000)  // reused: held again, no longer free
        #expect(pool.statistics.heldBytes == 2 * capacity && pool.statistics.freeBytes == 0)
        pool.give(b, bytes: 300_000)
        pool.give(c, bytes: 300_000)
        #expect(pool.statistics.heldBytes == 0)
        #expect(pool.statistics.peakHeldBytes == 2 * capacity)
    }

    @Test func largeBuffersAreMappedFromTheKernelAndUnmappedPastTheBudget() {
        // Over `PageMemory.mapThreshold` a buffer is a map of its own: page aligned (malloc's
        // chunks are not) and zero without a memset even when not asked to be zeroed.
        let pool = PixelBufferPool(budget: 0)
        let bytes = 750 * 4 * 700
        let pointer = pool.take(bytes: bytes, zeroed: false)
        #expect(UInt(bitPattern: pointer) % 4096 == 0, "mapped, not malloc'd")
        let view = UnsafeRawBufferPointer(start: pointer, count: bytes)
        #expect(view[0] == 0 && view[bytes / 2] == 0 && view[bytes - 1] == 0)
        pool.give(pointer, bytes: bytes)
        #expect(pool.statistics.released == 1 && pool.statistics.freeBytes == 0 && pool.statistics.heldBytes == 0)
        // Small buffers stay with malloc, zeroed when asked.
        let small = pool.take(bytes: 1_000)
        #expect(PixelBufferPool.sizeClass(1_000) < PageMemory.mapThreshold)
        #expect(UnsafeRawBufferPointer(start: small, count: 1_000).allSatisfy { $0 == 0 })
        pool.give(small, bytes: 1_000)
    }
}
