import Foundation

/// `flick bench --scroll --sizes 10000,100000,1000000`: the Flick mode over feeds of each size,
/// every one replaying the standard scripts sized to it plus the whole-feed trip (jumps and
/// flings spread over all its rows), each size in a child process of its own so that its peak
/// resident memory is its own; one table of first frame, peak RSS and frame times.
struct ScalingBenchmark {
    struct Row {
        let posts: Int
        let firstFrameMs: Double
        let peakResidentMB: Double
        let p50: Double
        let p99: Double
        let max: Double
        let janky: Int
        let blankFrames: Int
        let placeholderPercent: Double
        /// The child's `memory` object (MB and counts, see `BenchMemory.jsonObject`).
        let memory: [String: Double]
    }

    let sizes: [Int]
    let hz: Double

    /// Runs one child per size (`flick bench --scroll --no-micro --modes flick --posts N
    /// --whole-feed --json …`), its progress on stderr; throws when a child fails.
    func run(progress: (String) -> Void) throws -> [Row] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-scaling-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try sizes.map { size in
            progress("scaling: \(size) posts")
            let json = folder.appendingPathComponent("\(size).json").path
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            child.arguments = [
                "bench", "--scroll", "--no-micro", "--modes", "flick", "--posts", "\(size)", "--whole-feed", "--hz", "\(hz)", "--json", json,
            ]
            child.standardOutput = FileHandle.nullDevice
            try child.run()
            child.waitUntilExit()
            guard child.terminationStatus == 0 else { throw Failure(posts: size, status: child.terminationStatus) }
            return try Self.row(posts: size, json: json)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let posts: Int
        let status: Int32
        var description: String { "the scaling run over \(posts) posts exited with status \(status)" }
    }

    /// The Flick mode's figures from a child's JSON.
    static func row(posts: Int, json: String) throws -> Row {
        let data = try Data(contentsOf: URL(fileURLWithPath: json))
        guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let scroll = document["scroll"] as? [String: Any], let modes = scroll["modes"] as? [String: Any],
            let flick = modes["flick"] as? [String: Any], let times = flick["mainThreadMs"] as? [String: Double]
        else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: json]) }
        func number(_ key: String) -> Double { (flick[key] as? NSNumber)?.doubleValue ?? .nan }
        return Row(
            posts: (scroll["posts"] as? NSNumber)?.intValue ?? posts, firstFrameMs: number("firstFrameMs"),
            peakResidentMB: number("peakResidentMB"), p50: times["p50"] ?? .nan, p99: times["p99"] ?? .nan, max: times["max"] ?? .nan,
            janky: Int(number("jankyFrames")), blankFrames: Int(number("blankFrames")), placeholderPercent: number("meanPlaceholderPercent"),
            memory: (flick["memory"] as? [String: Any] ?? [:]).compactMapValues { ($0 as? NSNumber)?.doubleValue })
    }

    /// The table: one line per size.
    static func table(_ rows: [Row]) -> String {
        var lines = ["posts       first ms  peak RSS MB  p50    p99    max     janky  blank  ph%"]
        for row in rows {
            lines.append(
                String(
                    format: "%-11d %-9.0f %-12.0f %-6.2f %-6.2f %-7.2f %-6d %-6d %.2f", row.posts, row.firstFrameMs, row.peakResidentMB, row.p50,
                    row.p99, row.max, row.janky, row.blankFrames, row.placeholderPercent))
        }
        return lines.joined(separator: "\n")
    }

    /// Where each size's memory is at its end, MB: resident, malloc in use and freed but kept,
    /// pixels held now and at peak, then what holds the pixels and the rest.
    static func memoryTable(_ rows: [Row]) -> String {
        let keys = [
            "residentMB", "mallocInUseMB", "mallocFreeMB", "pixelsHeldMB", "pixelsPeakHeldMB", "pixelPoolFreeMB", "rowBitmapsMB",
            "kindSkeletonsMB", "imageCacheMB", "layoutCacheMB", "heightIndexMB",
        ]
        var lines = ["memory at the end, MB: rss   malloc used/kept  pixels now/peak  pool  rows  kinds  images  layouts  heights"]
        for row in rows {
            let v = keys.map { row.memory[$0] ?? .nan }
            lines.append(
                String(
                    format: "%-11d %21.0f %9.0f / %-6.0f %7.0f / %-6.0f %-5.0f %-5.1f %-6.1f %-7.1f %-8.1f %.1f", row.posts, v[0], v[1], v[2], v[3],
                    v[4], v[5], v[6], v[7], v[8], v[9], v[10]))
        }
        return lines.joined(separator: "\n")
    }

    /// The rows as JSON.
    static func jsonObject(_ rows: [Row]) -> [[String: Any]] {
        rows.map {
            [
                "posts": $0.posts, "firstFrameMs": $0.firstFrameMs, "peakResidentMB": $0.peakResidentMB, "p50": $0.p50, "p99": $0.p99,
                "max": $0.max, "jankyFrames": $0.janky, "blankFrames": $0.blankFrames, "placeholderPercent": $0.placeholderPercent,
                "memory": $0.memory,
            ]
        }
    }
}
