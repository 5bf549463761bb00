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

        /// An id: a string of at most `PostLimits.maxIDBytes` bytes.
        func id(_ key: String) throws(Violation) -> String {
            let id = try string(key)
            guard id.utf8.count <= PostLimits.maxIDBytes else {
                throw Violation(reason: "\(name(key)) is \(id.utf8.count) bytes long, at most \(PostLimits.maxIDBytes) are allowed")
            }
            return id
        }

        /// A URL: a string of at most `PostLimits.maxURLBytes` bytes.
        func url(_ key: String) throws(Violation) -> String {
            guard let url = try optionalURL(key) else { throw Violation(reason: "\(name(key)) is missing") }
            return url
        }

        func optionalURL(_ key: String) throws(Violation) -> String? {
            guard let url = try optionalString(key) else { return nil }
            guard url.utf8.count <= PostLimits.maxURLBytes else {
                throw Violation(reason: "\(name(key)) is \(url.utf8.count) bytes long, at most \(PostLimits.maxURLBytes) are allowed")
            }
            return url
        }

        /// A shown one-line field (`user.name`, `source`): NUL characters replaced, cut to
        /// `PostLimits.maxNameBytes` at a Unicode scalar boundary; each change is noted in
        /// `repairs`.
        func shown(_ value: String, _ key: String, repairs: inout [String]) -> String {
            var value = withoutNUL(value, key, repairs: &repairs)
            let limit = PostLimits.maxNameBytes
            if value.utf8.count > limit {
                let bytes = value.utf8.count
                // Rounded down to a scalar boundary by the scalar view.
                let end = value.utf8.index(value.utf8.startIndex, offsetBy: limit)
                value = String(value.unicodeScalars[..<end])
                repairs.append("\(name(key)) was \(bytes) bytes long and was cut to \(value.utf8.count) (at most \(limit) are kept)")
            }
            return value
        }

        /// `value` with each U+0000 replaced by U+FFFD (Pango stops drawing at a NUL, hiding
        /// the rest of the text and its links); a replacement is noted in `repairs`.
        func withoutNUL(_ value: String, _ key: String, repairs: inout [String]) -> String {
            guard value.utf8.contains(0) else { return value }
            var scalars = String.UnicodeScalarView()
            var replaced = 0
            for scalar in value.unicodeScalars {
                if scalar == "\u{0}" {
                    replaced += 1
                    scalars.append("\u{FFFD}")
                } else {
                    scalars.append(scalar)
                }
            }
            repairs.append("\(name(key)) held \(replaced) NUL character\(replaced == 1 ? "" : "s"), replaced by U+FFFD")
            return String(scalars)
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
