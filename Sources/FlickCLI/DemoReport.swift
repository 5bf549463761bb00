import FlickCore
import FlickList
import FlickTimeline
import FlickWindow
import Foundation

/// The window part of `flick demo --report`: the display, where the main-thread time went,
/// taps, and — for checking screenshots — the last frame's rows with their text and link
/// rectangles in viewport points, and the held press. Main thread.
@MainActor
struct DemoReport {
    let window: ListWindow<TimelineInteraction>

    var jsonObject: [String: Any] {
        let info = window.display.info
        let frames = window.frames
        let output = window.display.outputSize
        var json: [String: Any] = [
            "display": [
                "mode": "window", "videoDriver": info.videoDriver, "renderer": info.renderer, "vsync": info.vsync,
                "refreshRate": info.refreshRate, "premultipliedBlending": info.premultipliedBlending,
                "pixelSize": [output.width, output.height],
            ],
            "pipeline": window.pipeline.rawValue,
            "engineMs": RunSummary.spread(frames.map(\.engineMilliseconds)),
            "drawMs": RunSummary.spread(frames.map(\.drawMilliseconds)),
            "presentMs": RunSummary.spread(frames.map(\.presentMilliseconds)),
            "uploads": frames.reduce(0) { $0 + $1.uploads },
            "framesWithMisalignedLayers": frames.filter { $0.misalignedLayers > 0 }.count,
            "handoffFrames": frames.filter(\.showedHandoff).count,
            "pipelinesUsed": Array(Set(frames.map(\.pipeline.rawValue))).sorted(),
            "taps": window.taps.map { tap -> [String: Any] in
                ["row": tap.row, "item": tap.item.map { "\($0)" } ?? "", "x": tap.local.x, "y": tap.local.y, "description": tap.description ?? ""]
            },
            "visibleRows": visibleRows,
        ]
        if let press = window.currentPress, let top = rowTop(press.row) {
            json["pressed"] = [
                "row": press.row, "description": window.interaction.describe(press.target, in: press.layout),
                "shown": window.showsPressedAppearance,
                "rects": TimelineInteraction.rects(of: press.target, in: press.layout).map { Self.array($0.offsetBy(dx: 0, dy: top)) },
            ]
        }
        return json
    }

    /// One line: where the main-thread time went.
    var presentText: String {
        let frames = window.frames
        func median(_ values: [Double]) -> Double { RunSummary.percentile(0.5, ofSorted: values.sorted()) }
        return String(
            format: "window: median engine %.2f ms, draw %.2f ms, present %.2f ms; %d uploads; %@/%@",
            median(frames.map(\.engineMilliseconds)), median(frames.map(\.drawMilliseconds)), median(frames.map(\.presentMilliseconds)),
            frames.reduce(0) { $0 + $1.uploads }, window.display.info.videoDriver, window.display.info.renderer)
    }

    /// The last frame's rows: place, what they showed, text and link rects (viewport points).
    private var visibleRows: [[String: Any]] {
        let engine = window.engine
        return engine.lastContents.compactMap { row, content -> [String: Any]? in
            guard let top = rowTop(row) else { return nil }
            var entry: [String: Any] = ["row": row, "top": top, "height": engine.heights.height(ofRow: row), "content": "\(content)"]
            let probe = Point(x: 1, y: min(max(top, 0), engine.viewport.height - 1) + 0.5)
            guard let hit = engine.row(at: probe), hit.row == row, let layout = hit.layout?.layout(as: PostLayout.self) else { return entry }
            entry["texts"] = layout.texts.map { Self.array($0.text.frame.offsetBy(dx: 0, dy: top)) }
            entry["separator"] = Self.array(layout.separator.offsetBy(dx: 0, dy: top))
            entry["links"] = layout.texts.flatMap { region, placed -> [[String: Any]] in
                guard region != nil else { return [] }
                return placed.layout.text.links.map { run in
                    [
                        "kind": "\(run.kind)", "text": placed.layout.text.text(of: run),
                        "rects": placed.layout.rects(for: run.displayRange).map {
                            Self.array($0.offsetBy(dx: placed.frame.minX, dy: placed.frame.minY + top))
                        },
                    ]
                }
            }
            return entry
        }
    }

    private func rowTop(_ row: Int) -> Double? {
        let engine = window.engine
        guard row < engine.heights.rowCount else { return nil }
        return engine.heights.offset(ofRow: row) - engine.contentOffset
    }

    private static func array(_ rect: Rect) -> [Double] { [rect.minX, rect.minY, rect.width, rect.height] }
}
