/// A parsed JSON value, as the feed reader hands one post to validation.
///
/// Objects keep their members in order as (key, value) pairs: posts have a dozen keys, so a
/// linear lookup beats hashing, and a repeated key resolves to its last occurrence (the
/// common JSON convention).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The member named `key` (last occurrence wins); nil when absent or not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// "null", "a bool", "a number", "a string", "an array" or "an object", for messages.
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    public let key: String
    public let value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
