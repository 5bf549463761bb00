/// The top-level object's members: `posts` elements, `next`, `newer`, `deleted`, and everything else skipped.
extension FeedReader {
    /// Depth of a top-level member's value (the feed object is depth 1).
    private static let memberDepth = 2
    /// Depth of one post (an element of `posts`).
    private static let postDepth = 3
    /// Top-level warnings held until `nextItem()` hands them out: a document repeating
    /// `"posts"` a million times must not queue a million warnings.
    private static let maxPendingWarnings = 100

    private mutating func warn(_ reason: String) {
        if pendingWarnings.count < Self.maxPendingWarnings {
            pendingWarnings.append(.skipped(FeedWarning(postIndex: nil, reason: reason)))
        }
    }

    /// Reads one `"key": value` member, entering `posts` when it is the array.
    mutating func member() throws(FeedDecoder.Error) {
        let key = try reader.readKey()
        try reader.expect(UInt8(ascii: ":"), "':' after an object key")
        state = .member(first: false)
        switch key {
        case "posts" where !sawPosts:
            sawPosts = true
            if try reader.peekToken() == UInt8(ascii: "[") {
                reader.input.advance()
                state = .postsStart
            } else {
                postsMismatch = try reader.skipValue(depth: Self.memberDepth)
            }
        case "posts":
            _ = try reader.skipValue(depth: Self.memberDepth)
            warn("a second \"posts\" field was ignored")
        case "next":
            next = try pageURL(named: "next")
        case "newer":
            newer = try pageURL(named: "newer")
        case "deleted":
            deleted = try deletedIDs()
        default:
            _ = try reader.skipValue(depth: Self.memberDepth)
        }
    }

    /// The string value of a page-link member (`next`, `newer`), at most `maxNextLength`
    /// bytes; nil, with a warning, for anything else.
    private mutating func pageURL(named name: String) throws(FeedDecoder.Error) -> String? {
        switch try reader.readValue(depth: Self.memberDepth, budget: configuration.maxNextLength) {
        case .string(let url)?: return url
        case .null?: return nil
        case nil:
            warn("\"\(name)\" is longer than \(configuration.maxNextLength) bytes; ignored")
        case let other?:
            warn("\"\(name)\" must be a string, found \(PostValidator.Render.value(other)); ignored")
        }
        return nil
    }

    /// The `deleted` member: an array of id strings, at most `maxDeletedBytes`; anything
    /// else is ignored with a warning (and non-string elements are left out).
    private mutating func deletedIDs() throws(FeedDecoder.Error) -> [String] {
        switch try reader.readValue(depth: Self.memberDepth, budget: configuration.maxDeletedBytes) {
        case .array(let values)?:
            let ids = values.compactMap { value -> String? in
                if case .string(let id) = value, !id.isEmpty { return id }
                return nil
            }
            if ids.count < values.count { warn("\"deleted\" holds \(values.count - ids.count) values that are not ids; ignored") }
            return ids
        case .null?: return []
        case nil: warn("\"deleted\" is longer than \(configuration.maxDeletedBytes) bytes; ignored")
        case let other?: warn("\"deleted\" must be an array of ids, found \(PostValidator.Render.value(other)); ignored")
        }
        return []
    }

    /// Reads the next element of `posts`; when not `keeping`, only validates it.
    mutating func element(keeping: Bool) throws(FeedDecoder.Error) -> Element {
        let index = postCount
        postCount += 1
        state = .postsAfterElement
        guard keeping else {
            _ = try reader.skipValue(depth: Self.postDepth)
            return .value(index: index, .null)
        }
        let replacedBefore = reader.replacedSurrogates
        defer { lastElementReplacedSurrogates = reader.replacedSurrogates - replacedBefore }
        guard let value = try reader.readValue(depth: Self.postDepth, budget: configuration.maxPostBytes) else {
            return .oversized(index: index)
        }
        return .value(index: index, value)
    }

    /// After the closing brace: nothing may follow, and `posts` must have been an array.
    mutating func finish() throws(FeedDecoder.Error) {
        state = .finished
        try reader.expectEnd()
        guard sawPosts else { throw .missingField("posts") }
        if let found = postsMismatch { throw .wrongFieldType(field: "posts", expected: "an array", found: found) }
    }
}
