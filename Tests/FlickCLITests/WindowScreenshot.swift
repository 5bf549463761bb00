import FlickCore
import FlickRaster
import Foundation

/// A screenshot from `flick demo --screenshot`, read in viewport points, with the pixel
/// classes the window test counts.
struct WindowScreenshot {
    let bitmap: Bitmap
    let scale: Double

    init(path: URL, scale: Double) throws {
        bitmap = try ImageDecoder.decode([UInt8](try Data(contentsOf: path)))
        self.scale = scale
    }

    /// The timeline's pressed-link highlight over a white cell: #2A6BB8 at 22% (TextStyle's
    /// default `highlightColor`) over #FFFFFF ≈ (208, 222, 239).
    static let highlightOverWhite = (red: 208, green: 222, blue: 239)

    /// Share of the pixels inside `rect` (points, clipped to the image) that pass `test`.
    func fraction(in rect: Rect, where test: (Pixel) -> Bool) -> Double {
        let x0 = max(0, Int((rect.minX * scale).rounded())), y0 = max(0, Int((rect.minY * scale).rounded()))
        let x1 = min(bitmap.pixelSize.width, Int((rect.maxX * scale).rounded()))
        let y1 = min(bitmap.pixelSize.height, Int((rect.maxY * scale).rounded()))
        guard x1 > x0, y1 > y0 else { return 0 }
        var hits = 0
        for y in y0..<y1 { for x in x0..<x1 where test(bitmap.pixel(x: x, y: y)) { hits += 1 } }
        return Double(hits) / Double((x1 - x0) * (y1 - y0))
    }

    var bounds: Rect { Rect(x: 0, y: 0, width: Double(bitmap.pixelSize.width) / scale, height: Double(bitmap.pixelSize.height) / scale) }

    /// Distinct colours over a sparse grid (a blank or flat frame has one or two).
    var distinctColours: Int {
        var seen = Set<Pixel>()
        for y in stride(from: 0, to: bitmap.pixelSize.height, by: 7) {
            for x in stride(from: 0, to: bitmap.pixelSize.width, by: 7) { seen.insert(bitmap.pixel(x: x, y: y)) }
        }
        return seen.count
    }

    static func isPaper(_ p: Pixel) -> Bool { p.red >= 245 && p.green >= 245 && p.blue >= 245 }
    /// Glyph ink: clearly darker than the cell (body #333333, meta #939393, links #2A6BB8).
    static func isInk(_ p: Pixel) -> Bool { Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 190 }
    static func isHighlight(_ p: Pixel) -> Bool {
        let h = highlightOverWhite
        return abs(Int(p.red) - h.red) <= 12 && abs(Int(p.green) - h.green) <= 12 && abs(Int(p.blue) - h.blue) <= 12
    }
    static func isSeparator(_ p: Pixel) -> Bool { (0xEC...0xF6).contains(p.red) && (0xEC...0xF6).contains(p.green) && (0xEC...0xF6).contains(p.blue) }
}

/// The parts of `flick demo --report` the window test reads.
struct WindowReport {
    struct Link {
        let kind: String
        let text: String
        let rects: [Rect]
    }

    struct Row {
        let row: Int
        let top: Double
        let height: Double
        let content: String
        let texts: [Rect]
        let separator: Rect?
        let links: [Link]
    }

    let json: [String: Any]

    init(path: URL) throws {
        json = try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any] ?? [:]
    }

    var mode: String? { (json["display"] as? [String: Any])?["mode"] as? String }
    var frames: Int? { json["frames"] as? Int }
    var blankFrames: Int? { json["blankFrames"] as? Int }
    var scriptCompleted: Bool? { json["scriptCompleted"] as? Bool }
    var pipelinesUsed: [String] { json["pipelinesUsed"] as? [String] ?? [] }
    var tapDescriptions: [String] { (json["taps"] as? [[String: Any]] ?? []).compactMap { $0["description"] as? String } }
    var pressed: [String: Any]? { json["pressed"] as? [String: Any] }
    var pressedRects: [Rect] { (pressed?["rects"] as? [[Double]] ?? []).compactMap(Self.rect) }

    var rows: [Row] {
        (json["visibleRows"] as? [[String: Any]] ?? []).compactMap { entry in
            guard let row = entry["row"] as? Int, let top = entry["top"] as? Double, let height = entry["height"] as? Double else { return nil }
            let links = (entry["links"] as? [[String: Any]] ?? []).map { link in
                Link(
                    kind: link["kind"] as? String ?? "", text: link["text"] as? String ?? "",
                    rects: (link["rects"] as? [[Double]] ?? []).compactMap(Self.rect))
            }
            return Row(
                row: row, top: top, height: height, content: entry["content"] as? String ?? "",
                texts: (entry["texts"] as? [[Double]] ?? []).compactMap(Self.rect),
                separator: (entry["separator"] as? [Double]).flatMap(Self.rect), links: links)
        }
    }

    static func rect(_ values: [Double]) -> Rect? {
        values.count == 4 ? Rect(x: values[0], y: values[1], width: values[2], height: values[3]) : nil
    }
}
