/// A `/timeline` request's parameters, checked: which posts (the newest, before an id,
/// since an id) and how many. Pure; parsed on the request's task.
struct TimelineQuery: Sendable, Hashable {
    enum Anchor: Sendable, Hashable {
        /// The newest posts.
        case newest
        /// The posts immediately older than the post with this id.
        case before(String)
        /// The posts immediately newer than the post with this id (the oldest of them).
        case since(String)
    }

    /// Why a query is answered 400; `message` goes in the `{"error": …}` body.
    struct Invalid: Error, Sendable, Hashable {
        let message: String
    }

    let anchor: Anchor
    let limit: Int

    /// Reads `limit`, `before` and `since` from percent-decoded query parameters; other
    /// parameters are ignored. `defaultLimit` applies when `limit` is absent.
    static func parse(_ parameters: [(key: String, value: String)], defaultLimit: Int) throws(Invalid) -> TimelineQuery {
        var values: [String: String] = [:]
        for (key, value) in parameters where ["limit", "before", "since"].contains(key) {
            guard values[key] == nil else { throw Invalid(message: "\"\(key)\" is given more than once") }
            values[key] = value
        }
        var limit = defaultLimit
        if let text = values["limit"] {
            let range = FeedServer.Configuration.limitRange
            guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text),
                range.contains(value)
            else {
                throw Invalid(
                    message: "\"limit\" must be an integer in \(range.lowerBound)…\(range.upperBound), got \"\(shown(text))\"")
            }
            limit = value
        }
        switch (values["before"], values["since"]) {
        case (nil, nil): return TimelineQuery(anchor: .newest, limit: limit)
        case (_?, _?): throw Invalid(message: "give \"before\" or \"since\", not both")
        case (let id?, nil):
            guard !id.isEmpty else { throw Invalid(message: "\"before\" is empty") }
            return TimelineQuery(anchor: .before(id), limit: limit)
        case (nil, let id?):
            guard !id.isEmpty else { throw Invalid(message: "\"since\" is empty") }
            return TimelineQuery(anchor: .since(id), limit: limit)
        }
    }

    /// A parameter value as quoted in an error: at most 64 characters, control characters
    /// escaped.
    static func shown(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(64) {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 64 ? out + "…" : out
    }
}
