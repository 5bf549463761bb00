/// Abbreviated counts for the counters bar: "转发" when zero, "999", "1.2万", "12万", "1.2亿"
/// in Chinese style, or "1.2K", "12K", "3.4M" in English style. Pure; any thread.
public struct CountFormatter: Hashable, Sendable {
    public enum Style: Hashable, Sendable {
        /// 万 (10⁴) and 亿 (10⁸), as Weibo shows them.
        case chinese
        /// K (10³), M (10⁶), B (10⁹).
        case english
    }

    public var style: Style

    public init(style: Style = .chinese) {
        self.style = style
    }

    /// The abbreviated count; `zeroLabel` (e.g. "转发") when `count` ≤ 0.
    public func string(_ count: Int, zeroLabel: String) -> String {
        guard count > 0 else { return zeroLabel }
        let units: [(Double, String)] =
            switch style {
            case .chinese: [(1e8, "亿"), (1e4, "万")]
            case .english: [(1e9, "B"), (1e6, "M"), (1e3, "K")]
            }
        for (size, suffix) in units where Double(count) >= size {
            let value = Double(count) / size
            // One decimal below 10 units ("1.2万"), none above ("12万"); never round up to "10.0".
            if value < 10 {
                let tenths = (value * 10).rounded(.down) / 10
                let text = tenths == tenths.rounded() ? String(Int(tenths)) : String(format1: tenths)
                return text + suffix
            }
            return String(Int(value.rounded(.down))) + suffix
        }
        return String(count)
    }
}

extension String {
    fileprivate init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
