import FlickRaster
import Foundation

/// Compares rendered bitmaps with reference PNGs committed next to the tests.
///
/// Fonts are pinned by Flick's fontconfig file, so the same machine kind draws the same
/// pixels; the tolerance absorbs tiny antialiasing drift, not a wrong glyph or colour.
/// Set `FLICK_RECORD_REFERENCES=1` to (re)write the references instead; such a run fails on
/// purpose so a recording is never mistaken for a passing comparison.
public struct ReferenceImage {
    /// Per-channel difference below which a pixel counts as equal.
    public var channelTolerance = 24
    /// Share of pixels allowed to differ by more than `channelTolerance` (0.2%).
    public var maxDifferingFraction = 0.002

    public let directory: URL

    /// References live in `References/` beside the calling test file.
    public init(testFile: String = #filePath) {
        directory = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("References")
    }

    public enum Outcome: Equatable, CustomStringConvertible {
        case matches
        case recorded(path: String)
        case missing(path: String)
        case sizeDiffers(expected: String, actual: String)
        case differs(fraction: Double, worstChannel: Int, diffPath: String)

        public var description: String {
            switch self {
            case .matches: "matches"
            case .recorded(let path): "recorded \(path) (FLICK_RECORD_REFERENCES=1): re-run without it to compare"
            case .missing(let path): "no reference at \(path): run with FLICK_RECORD_REFERENCES=1 to record it"
            case .sizeDiffers(let expected, let actual): "size differs: reference \(expected), rendered \(actual)"
            case .differs(let fraction, let worst, let diffPath):
                "\(String(format: "%.3f", fraction * 100))% of pixels differ (worst channel Δ\(worst)); rendered copy at \(diffPath)"
            }
        }
    }

    public func compare(_ bitmap: Bitmap, named name: String) throws -> Outcome {
        let path = directory.appendingPathComponent(name + ".png").path
        if ProcessInfo.processInfo.environment["FLICK_RECORD_REFERENCES"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(try bitmap.pngData()).write(to: URL(fileURLWithPath: path))
            return .recorded(path: path)
        }
        guard let data = FileManager.default.contents(atPath: path) else { return .missing(path: path) }
        let reference = try ImageDecoder.decode([UInt8](data))
        guard reference.pixelSize == bitmap.pixelSize else {
            return .sizeDiffers(expected: "\(reference.pixelSize)", actual: "\(bitmap.pixelSize)")
        }
        var differing = 0
        var worst = 0
        for y in 0..<bitmap.pixelSize.height {
            for x in 0..<bitmap.pixelSize.width {
                let delta = bitmap.pixel(x: x, y: y).maxChannelDifference(to: reference.pixel(x: x, y: y))
                worst = max(worst, delta)
                if delta > channelTolerance { differing += 1 }
            }
        }
        let fraction = Double(differing) / Double(max(1, bitmap.pixelSize.area))
        guard fraction <= maxDifferingFraction else {
            let diffPath = FileManager.default.temporaryDirectory.appendingPathComponent("flick-\(name)-actual.png").path
            try? Data(try bitmap.pngData()).write(to: URL(fileURLWithPath: diffPath))
            return .differs(fraction: fraction, worstChannel: worst, diffPath: diffPath)
        }
        return .matches
    }
}
