/// Reading what a request accepts. Pure.
enum ContentNegotiation {
    /// Whether an `Accept-Encoding` value accepts gzip: `gzip`, `x-gzip` or `*` with a
    /// quality above zero (`gzip;q=0` refuses it). Names are case-insensitive.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var wildcard = false
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let name = parts.first?.trimmingWhitespace().lowercased() else { continue }
            let refused = parts.dropFirst().contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace().lowercased() }
                return pair.count == 2 && pair[0] == "q" && (Double(pair[1]) ?? 1) <= 0
            }
            switch name {
            case "gzip", "x-gzip": return !refused
            case "*": wildcard = !refused
            default: continue
            }
        }
        return wildcard
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
