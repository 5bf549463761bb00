extension FeedDecoder {
    /// Why a whole feed was rejected. A single bad post is never an error: it becomes a
    /// `FeedWarning` and the rest of the feed loads.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The bytes are not valid JSON (or nest deeper than the reader allows); `line` and
        /// `column` (1-based, column in Unicode scalars) point at the offending character.
        case invalidJSON(line: Int, column: Int, reason: String)
        /// The document is valid JSON but not an object, so it has no `posts`.
        case notAnObject(found: String)
        /// A required top-level field is absent (`posts`).
        case missingField(String)
        /// A top-level field has the wrong JSON type (`posts` that is not an array).
        case wrongFieldType(field: String, expected: String, found: String)
        /// The feed file could not be opened or read.
        case unreadable(path: String, reason: String)

        /// Control characters quoted from the feed are escaped (`FeedWarning.escaped`).
        public var description: String {
            FeedWarning.escaped(plainDescription)
        }

        private var plainDescription: String {
            switch self {
            case .invalidJSON(let line, let column, let reason):
                "invalid JSON at line \(line), column \(column): \(reason)"
            case .notAnObject(let found):
                "the feed is \(found), not an object with a \"posts\" array"
            case .missingField(let field):
                "the feed has no \"\(field)\" field"
            case .wrongFieldType(let field, let expected, let found):
                "\"\(field)\" is \(found), expected \(expected)"
            case .unreadable(let path, let reason):
                "cannot read the feed at \(path): \(reason)"
            }
        }
    }
}
