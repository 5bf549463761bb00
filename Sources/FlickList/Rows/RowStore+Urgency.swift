import FlickCore

/// How urgent each wanted row is, and the order an update looks at them in. Main thread.
extension RowStore {
    /// The plan's wanted rows, those on screen first, then the others by urgency and, within
    /// one urgency, nearest the screen first: rows left for a later frame are the least needed.
    static func wantedInOrder(_ plan: RangePlan) -> [Int] {
        let rows = plan.wantedRows
        let onScreen = rows.prefix { plan.visible.contains($0) }.count
        guard rows.count > onScreen + 1 else { return rows }
        let middle = plan.visible.isEmpty ? rows[onScreen] : (plan.visible.lowerBound + plan.visible.upperBound) / 2
        let rest = rows[onScreen...].map { row in
            (tier: urgency(of: row, in: plan).rawValue, distance: abs(row - middle), row: row)
        }.sorted { ($0.tier, $0.distance, $0.row) < ($1.tier, $1.distance, $1.row) }
        return Array(rows[..<onScreen]) + rest.map(\.row)
    }

    static func urgency(of row: Int, in plan: RangePlan) -> Urgency {
        if let landing = plan.landing, landing.contains(row) { return .now }
        if plan.visible.contains(row) { return plan.landing == nil ? .now : .flownPast }
        if plan.display.contains(row) { return .soon }
        return .later
    }
}
