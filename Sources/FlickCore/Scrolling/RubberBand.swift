/// The damped overscroll of a drag past an edge: UIScrollView's rubber band.
///
/// A finger `d` points past an edge shows the content `c·d·V / (c·d + V)` points past it
/// (V: viewport height, c: coefficient, 0.55 in UIKit) — the closed form of
/// `(1 − 1/(d·c/V + 1))·V`. Near the edge the content moves at c× the finger; however far the
/// finger goes, the content never shows more than V of overscroll.
enum RubberBand {
    /// Shown offset for the offset the finger alone would give (`raw`).
    static func offset(forRaw raw: Double, bounds: ClosedRange<Double>, viewport: Double, coefficient: Double) -> Double {
        if raw > bounds.upperBound { return bounds.upperBound + damped(raw - bounds.upperBound, viewport, coefficient) }
        if raw < bounds.lowerBound { return bounds.lowerBound - damped(bounds.lowerBound - raw, viewport, coefficient) }
        return raw
    }

    /// The finger offset that shows `offset`: the inverse, for a drag that starts past an edge.
    static func raw(forOffset offset: Double, bounds: ClosedRange<Double>, viewport: Double, coefficient: Double) -> Double {
        if offset > bounds.upperBound { return bounds.upperBound + undamped(offset - bounds.upperBound, viewport, coefficient) }
        if offset < bounds.lowerBound { return bounds.lowerBound - undamped(bounds.lowerBound - offset, viewport, coefficient) }
        return offset
    }

    private static func damped(_ distance: Double, _ viewport: Double, _ coefficient: Double) -> Double {
        guard viewport > 0 else { return 0 }
        return coefficient * distance * viewport / (coefficient * distance + viewport)
    }

    private static func undamped(_ shown: Double, _ viewport: Double, _ coefficient: Double) -> Double {
        guard viewport > 0, coefficient > 0 else { return 0 }
        // A bounce can carry content further out than any drag could; cap just below V.
        let shown = min(shown, viewport * 0.999)
        return shown * viewport / (coefficient * (viewport - shown))
    }
}
