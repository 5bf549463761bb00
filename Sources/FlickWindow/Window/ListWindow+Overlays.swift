import FlickCore
import FlickList
import Foundation

/// Overlay colours (straight alpha).
enum OverlayPalette {
    static let full = OverlayColor(52, 199, 89, 46)
    static let stale = OverlayColor(0, 160, 255, 56)
    static let skeleton = OverlayColor(255, 149, 0, 80)
    static let placeholder = OverlayColor(255, 204, 0, 90)
    static let blank = OverlayColor(255, 59, 48, 120)
    static let misaligned = OverlayColor(255, 0, 255, 120)
    static let scaled = OverlayColor(255, 230, 0, 120)
    static let graphBackground = OverlayColor(0, 0, 0, 150)
    static let graphBar = OverlayColor(52, 199, 89, 230)
    static let graphBarLate = OverlayColor(255, 59, 48, 240)
    static let budgetLine = OverlayColor(255, 255, 255, 200)

    static func range(_ kind: RangeOverlay.Kind) -> OverlayColor {
        switch kind {
        case .preload: OverlayColor(120, 120, 255, 110)
        case .display: OverlayColor(0, 122, 255, 170)
        case .visible: OverlayColor(52, 199, 89, 230)
        case .landing: OverlayColor(255, 45, 85, 220)
        case .viewport: OverlayColor(255, 255, 255, 230)
        }
    }
}

extension ListWindow {
    /// The window's drawable size in points.
    var windowSize: Size {
        let pixels = display.outputSize
        return Size(width: Double(pixels.width) / configuration.scale.value, height: Double(pixels.height) / configuration.scale.value)
    }

    /// Draws the enabled overlays over `shown`'s frame; returns how many layers were misaligned.
    func drawOverlays(shown: Engine, time: Double) -> Int {
        let layers = shown.compositor.layers
        let problems = LayerPlacement.problems(in: layers, scale: configuration.scale)
        if overlays.contains(.rowTint) { tintRows(of: shown) }
        if overlays.contains(.misaligned) {
            for problem in problems {
                fill(layers[problem.index].frame, problem.placement == .scaled ? OverlayPalette.scaled : OverlayPalette.misaligned)
            }
        }
        if overlays.contains(.ranges), let plan = shown.lastPlan { drawRanges(plan, of: shown) }
        let size = windowSize
        if overlays.contains(.hud) { drawHUD(shown: shown, misaligned: problems.count, time: time) }
        if overlays.contains(.keys) {
            hudText.show(.keys, lines: keyListLines, width: min(size.width - 24, 420), scale: configuration.scale, now: time)
            if let panel = hudText.bitmaps[.keys] {
                presenter.draw(panel, at: Point(x: 12, y: max(12, (size.height - panel.pointSize.height) / 2)), scale: configuration.scale, blended: true)
            }
        }
        if let find, find.isOpen { drawFindBar(find, time: time) }
        if let shown = status, shown.until <= time { status = nil }  // its time is up: the key hint returns
        if overlays.contains(.statusBar) {
            let text = status?.text ?? KeyMap.hint
            hudText.show(.bar, lines: [text], width: size.width, scale: configuration.scale, now: time)
            if let bar = hudText.bitmaps[.bar] {
                presenter.draw(bar, at: Point(x: 0, y: configuration.scale.round(size.height - bar.pointSize.height)), scale: configuration.scale, blended: true)
            }
        }
        return problems.count
    }

    /// The find bar at the top right: what is typed, a caret, and where the find is.
    private func drawFindBar(_ find: ListFind<Source>, time: Double) {
        let size = windowSize
        let width = min(size.width - 16, 420)
        let line = "Find: \(find.text)▏" + (find.status.isEmpty ? "" : "   \(find.status)")
        hudText.show(.find, lines: [line], width: width, scale: configuration.scale, now: time)
        if let bar = hudText.bitmaps[.find] {
            presenter.draw(bar, at: Point(x: configuration.scale.round(size.width - width - 8), y: 8), scale: configuration.scale, blended: true)
        }
    }

    /// Fills a rect given in viewport points.
    func fill(_ rect: Rect, _ color: OverlayColor) {
        fill([rect], color)
    }

    /// Fills rects given in viewport points, all in one colour, with one renderer call.
    func fill(_ rects: [Rect], _ color: OverlayColor) {
        presenter.fill(
            rects.compactMap { rect in
                let p = rect.pixelRect(configuration.scale)
                return p.width > 0 && p.height > 0 ? PixelRect(x: p.x, y: p.y, width: p.width, height: p.height) : nil
            }, color)
    }

    private func tintRows(of shown: Engine) {
        let heights = shown.heights
        for (row, content) in shown.lastContents where row < heights.rowCount {
            let top = heights.offset(ofRow: row) - shown.contentOffset
            let color: OverlayColor =
                switch content {
                case .full: OverlayPalette.full
                case .stale: OverlayPalette.stale
                case .skeleton: OverlayPalette.skeleton
                case .placeholder: OverlayPalette.placeholder
                case .blank: OverlayPalette.blank
                }
            fill(Rect(x: 0, y: top, width: shown.viewport.width, height: heights.height(ofRow: row)), color)
        }
    }

    private func drawRanges(_ plan: RangePlan, of shown: Engine) {
        let column = Rect(x: windowSize.width - 16, y: 8, width: 10, height: min(windowSize.height, shown.viewport.height) - 16)
        let overlay = RangeOverlay(plan: plan, rows: shown.heights, offset: shown.contentOffset, viewportHeight: shown.viewport.height, column: column)
        fill(column.insetBy(dx: -2, dy: -2), OverlayPalette.graphBackground)
        for bar in overlay.bars {
            let color = OverlayPalette.range(bar.kind)
            guard bar.kind == .viewport else {
                fill(bar.rect, color)
                continue
            }
            // The viewport as an outline, so the bars under it stay visible.
            let r = bar.rect.insetBy(dx: -1.5, dy: 0)
            for edge in [
                Rect(x: r.minX, y: r.minY, width: r.width, height: 1), Rect(x: r.minX, y: r.maxY - 1, width: r.width, height: 1),
                Rect(x: r.minX, y: r.minY, width: 1, height: r.height), Rect(x: r.maxX - 1, y: r.minY, width: 1, height: r.height),
            ] { fill(edge, color) }
        }
    }

    private func drawHUD(shown: Engine, misaligned: Int, time: Double) {
        let scale = configuration.scale
        let width = min(windowSize.width - 32, 280.0)
        if !frameIsQuiet, hudText.isDue(.stats, now: time) {
            hudText.show(.stats, lines: hudLines(shown: shown, misaligned: misaligned), width: width, scale: scale, now: time)
        }
        var graphTop = 8.0
        if let panel = hudText.bitmaps[.stats] {
            presenter.draw(panel, at: Point(x: 8, y: 8), scale: scale, blended: true)
            graphTop = 8 + panel.pointSize.height + 4
        }
        let frame = Rect(x: 8, y: graphTop, width: width, height: 44)
        let graph = FrameGraph(milliseconds: history.samples.map(\.milliseconds), in: frame, budget: 1000 / configuration.hz)
        fill(frame, OverlayPalette.graphBackground)
        fill(graph.bars.filter { !$0.overBudget }.map(\.rect), OverlayPalette.graphBar)
        fill(graph.bars.filter(\.overBudget).map(\.rect), OverlayPalette.graphBarLate)
        fill(Rect(x: frame.minX, y: scale.round(graph.budgetLineY), width: frame.width, height: 1 / scale.value), OverlayPalette.budgetLine)
    }

    /// The stats panel's text (drawn on the HUD worker).
    func hudLines(shown: Engine, misaligned: Int) -> [String] {
        func ms(_ value: Double) -> String { String(format: "%.1f", value) }
        func span(_ range: Range<Int>) -> String { range.isEmpty ? "—" : "\(range.lowerBound)–\(range.upperBound - 1)" }
        let last = frames.last
        let stats = last?.stats ?? FrameStats()
        var lines = [
            "\(pipeline == .naive ? "naive" : "Flick") pipeline · \(Int(history.framesPerSecond().rounded())) fps · \(Int(configuration.hz)) Hz budget \(ms(1000 / configuration.hz)) ms",
            "main thread \(ms(stats.mainThreadMilliseconds)) ms · p50 \(ms(history.percentile(0.5))) · p99 \(ms(history.percentile(0.99)))",
            "  engine \(ms(last?.engineMilliseconds ?? 0)) · draw \(ms(last?.drawMilliseconds ?? 0)) · present \(ms(last?.presentMilliseconds ?? 0)) (p99 \(ms(history.presentPercentile(0.99))))",
            "presented p50 \(ms(history.presentedPercentile(0.5))) · p99 \(ms(history.presentedPercentile(0.99))) ms (frame start → X server done)",
            "over budget \(frameTiming.framesOverBudget) (\(String(format: "%.1f", frameTiming.overBudgetPercent))%) · hitch \(ms(frameTiming.hitchMillisecondsPerSecond)) ms/s",
            "rows full \(stats.rowsFull) · skeleton \(stats.rowsSkeleton) · placeholder \(stats.rowsPlaceholder) · blank \(stats.rowsBlank)",
        ]
        if let plan = shown.lastPlan {
            lines.append("visible \(span(plan.visible)) · display \(span(plan.display)) · preload \(span(plan.preload))")
            lines.append(plan.landing.map { "\(plan.mode == .scrollToTop ? "scroll to top" : "fast fling") → landing \(span($0))" } ?? "mode \(plan.mode)")
        }
        lines.append(
            "\(presenter.hudDescription) · misaligned \(misaligned)\(timing == .vsync ? " · vsync" : "")")
        return lines
    }
}
