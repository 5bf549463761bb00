/// Where rows sit along the scroll axis: what range decisions need from the height index.
/// Implementations answer in O(log n) and are read on the main thread each frame.
public protocol RowGeometry {
    var rowCount: Int { get }
    /// Height of all rows, points.
    var totalHeight: Double { get }
    /// Top y of `row`, points.
    func offset(ofRow row: Int) -> Double
    /// The row whose span contains `y`, clamped to the existing rows.
    func row(atOffset y: Double) -> Int
}

extension RowGeometry {
    /// Rows intersecting the half-open span [top, bottom): empty when there are no rows or the
    /// span is empty.
    public func rows(from top: Double, to bottom: Double) -> Range<Int> {
        guard rowCount > 0, bottom > top else { return 0..<0 }
        let first = row(atOffset: max(0, top))
        let last = row(atOffset: max(0, min(bottom, totalHeight) - 1e-9))
        return first..<max(first, last) + 1
    }
}
