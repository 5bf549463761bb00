import FlickCore
import FlickList
import FlickRaster
import Foundation

/// Where a benchmark mode's memory is at its end: the process (resident, peak, malloc's view),
/// the pixel buffers of every bitmap, and what the engine's caches hold against their budgets.
/// Taken on the main thread once the scripts are done (the engine's nodes are main-thread
/// state); a value after that.
struct BenchMemory {
    let process: ProcessMemory
    let pixels: PixelBufferPool.Statistics
    let list: ListMemory
    /// Layouts in the timeline's layout cache and their estimated bytes (nil for other clients).
    var layoutCache: (count: Int, bytes: Int)?

    @MainActor
    init<Source>(engine: ListEngine<Source>) {
        list = engine.memory
        pixels = PixelBufferPool.shared.statistics
        process = ProcessMemory.current()
    }

    private static func mb(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }

    /// Two lines for the text table.
    var text: String {
        let p = process
        var lines = [
            String(
                format: "rss %.0f MB (peak %.0f); malloc in use %.0f MB (own maps %.0f), freed but kept %.0f MB; pixels held %.0f MB (peak %.0f), pool free %.0f MB",
                Self.mb(p.residentBytes), Self.mb(p.peakResidentBytes), Self.mb(p.mallocInUseBytes), Self.mb(p.mallocMappedBytes),
                Self.mb(p.mallocFreeBytes), Self.mb(pixels.heldBytes), Self.mb(pixels.peakHeldBytes), Self.mb(pixels.freeBytes))
        ]
        var caches = String(
            format: "rows %d (%d laid out): bitmaps %.1f MB (%.1f beyond the ranges), images shown %.1f MB; kind skeletons %.1f MB; image cache %.1f MB; height index %.1f MB",
            list.rowNodes, list.rowLayouts, Self.mb(list.rowBitmapBytes), Self.mb(list.rowBitmapBytesBeyondRanges), Self.mb(list.rowImageBytes),
            Self.mb(list.kindSkeletonBytes), Self.mb(list.imageCacheBytes), Self.mb(list.heightIndexBytes))
        if let layoutCache { caches += String(format: "; layout cache %d (%.1f MB)", layoutCache.count, Self.mb(layoutCache.bytes)) }
        lines.append(caches)
        return lines.joined(separator: "\n")
    }

    /// The `memory` object of a mode in the JSON report, MB.
    var jsonObject: [String: Any] {
        var object: [String: Any] = [
            "residentMB": Self.mb(process.residentBytes), "peakResidentMB": Self.mb(process.peakResidentBytes),
            "mallocInUseMB": Self.mb(process.mallocInUseBytes), "mallocFreeMB": Self.mb(process.mallocFreeBytes),
            "mallocMappedMB": Self.mb(process.mallocMappedBytes), "mallocArenaMB": Self.mb(process.mallocArenaBytes),
            "pixelsHeldMB": Self.mb(pixels.heldBytes), "pixelsPeakHeldMB": Self.mb(pixels.peakHeldBytes),
            "pixelPoolFreeMB": Self.mb(pixels.freeBytes), "rowNodes": list.rowNodes, "rowLayouts": list.rowLayouts,
            "rowBitmapsMB": Self.mb(list.rowBitmapBytes), "rowBitmapsBeyondRangesMB": Self.mb(list.rowBitmapBytesBeyondRanges),
            "rowImagesMB": Self.mb(list.rowImageBytes), "kindSkeletonsMB": Self.mb(list.kindSkeletonBytes),
            "imageCacheMB": Self.mb(list.imageCacheBytes), "heightIndexMB": Self.mb(list.heightIndexBytes),
        ]
        if let layoutCache {
            object["layoutCacheCount"] = layoutCache.count
            object["layoutCacheMB"] = Self.mb(layoutCache.bytes)
        }
        return object
    }
}
