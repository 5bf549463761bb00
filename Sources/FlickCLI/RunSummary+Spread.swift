import FlickList

extension RunSummary {
    /// p50, p99 and max of `values` as a report's JSON object (`{"p50", "p99", "max"}`): the
    /// one shape every report of `flick demo` and `gtk-demo` gives a time series in.
    static func spread(_ values: [Double]) -> [String: Double] {
        let sorted = values.sorted()
        return ["p50": percentile(0.5, ofSorted: sorted), "p99": percentile(0.99, ofSorted: sorted), "max": sorted.last ?? 0]
    }
}
