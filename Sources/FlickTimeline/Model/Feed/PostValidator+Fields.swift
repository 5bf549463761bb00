extension PostValidator {
    /// Typed access to one JSON object's members, with the dotted path (`retweeted.user.`)
    /// used to name a field in a violation.
    struct Fields {
        let members: JSONValue
        let prefix: String

        /// Fails unless `value` is an object; `field` names it in that failure (nil = the post).
        init(_ value: JSONValue, prefix: String, field: String? = nil) throws(Violation) {
            guard case .object = value else {
                let subject = field.map { "\"\($0)\" must be an object" } ?? "must be an object"
                throw Violation(reason: "\(subject), found \(Render.value(value))")
            }
            members = value
            self.prefix = prefix
        }

        /// `"prefix.key"` in quotes.
        func name(_ key: String) -> String { "\"\(prefix)\(key)\"" }

        /// The member, or nil when absent or null.
        func value(_ key: String) -> JSONValue? {
            guard let value = members[key], value != .null else { return nil }
            return value
        }

        func mismatch(_ key: String, _ expected: String, _ found: JSONValue) -> Violation {
            Violation(reason: "\(name(key)) must be \(expected), found \(Render.value(found))")
        }

        func string(_ key: String) throws(Violation) -> String {
            guard let value = value(key) else { throw Violation(reason: "\(name(key)) is missing") }
            guard case .string(let string) = value else { throw mismatch(key, "a string", value) }
            return string
        }

        func optionalString(_ key: String) throws(Violation) -> String? {
            guard let value = value(key) else { return nil }
            guard case .string(let string) = value else { throw mismatch(key, "a string", value) }
            return string
        }

        func optionalBool(_ key: String) throws(Violation) -> Bool? {
            guard let value = value(key) else { return nil }
            guard case .bool(let flag) = value else { throw mismatch(key, "true or false", value) }
            return flag
        }

        /// A count: optional integer ≥ 0, default 0.
        func count(_ key: String) throws(Violation) -> Int {
            guard let value = value(key) else { return 0 }
            guard case .number(let number) = value, let count = number.integer, count >= 0 else {
                throw mismatch(key, "an integer ≥ 0", value)
            }
            return count
        }

        /// A picture size hint: optional integer in 1…`Picture.maxDimension`.
        func dimension(_ key: String) throws(Violation) -> Int? {
            guard let value = value(key) else { return nil }
            guard case .number(let number) = value, let size = number.integer, (1...Picture.maxDimension).contains(size)
            else { throw mismatch(key, "an integer in 1…\(Picture.maxDimension)", value) }
            return size
        }
    }

    /// Short renderings of JSON values for messages; never longer than about 60 characters.
    enum Render {
        static let maxStringLength = 48

        static func value(_ value: JSONValue) -> String {
            switch value {
            case .null: "null"
            case .bool(let flag): flag ? "true" : "false"
            case .number(let number): "a number: \(number)"
            case .string(let string):
                "\"\(string.count > maxStringLength ? string.prefix(maxStringLength) + "…" : Substring(string))\""
            case .array, .object: value.typeDescription
            }
        }
    }
}
