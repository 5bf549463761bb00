import Foundation

/// Writes posts in the feed JSON shape (FEED-FORMAT.md), deterministically: keys in the
/// format's fixed order, one post per line, UTF-8 unescaped except where JSON requires,
/// times in UTC (`ISO8601.string`). Equal inputs give byte-identical output on any machine.
///
/// Absent optionals (`source`, `avatar`, picture sizes, `retweeted`, `next`) are omitted;
/// counts, `verified` and `pics` are always written. Pure and thread-safe.
public struct FeedEncoder: Sendable {
    public init() {}

    /// The whole feed as one document.
    public func encode(_ feed: Feed) -> Data {
        var out = header()
        for (index, post) in feed.posts.enumerated() {
            out += postLine(post, first: index == 0)
        }
        out += footer(next: feed.next)
        return Data(out.utf8)
    }

    /// One page of a served timeline: `posts` in order, then `next` (older posts) and `newer`
    /// (posts above this page) when given, and `deleted` (ids of posts the server deleted)
    /// when not empty. Same bytes as `encode(_:)` for the posts.
    public func encodePage(posts: some Sequence<Post>, next: String?, newer: String?, deleted: [String] = []) -> Data {
        var out = header()
        for (index, post) in posts.enumerated() {
            out += postLine(post, first: index == 0)
        }
        out += footer(next: next, newer: newer, deleted: deleted)
        return Data(out.utf8)
    }

    /// `{"posts":[` — the opening of a document, for writers that stream posts.
    func header() -> String { "{\"posts\":[" }

    /// One post on its own line, preceded by a comma unless it is the first.
    func postLine(_ post: Post, first: Bool) -> String {
        (first ? "\n" : ",\n") + encode(post)
    }

    /// `]` then `next` and `newer` when present, and the closing brace.
    func footer(next: String?, newer: String? = nil, deleted: [String] = []) -> String {
        var out = "\n]"
        if let next { out += ",\"next\":" + Self.quoted(next) }
        if let newer { out += ",\"newer\":" + Self.quoted(newer) }
        if !deleted.isEmpty { out += ",\"deleted\":[" + deleted.map(Self.quoted).joined(separator: ",") + "]" }
        return out + "}\n"
    }

    /// One post as a JSON object on a single line.
    public func encode(_ post: Post) -> String {
        var out = "{"
        appendBody(post, to: &out)
        if let original = post.retweeted {
            out += ",\"retweeted\":{"
            appendBody(original, to: &out)
            out += "}"
        }
        return out + "}"
    }

    private func appendBody(_ body: some PostContent, to out: inout String) {
        out += "\"id\":" + Self.quoted(body.id)
        out += ",\"created_at\":" + Self.quoted(ISO8601.string(from: body.createdAt))
        if let source = body.source { out += ",\"source\":" + Self.quoted(source) }
        out += ",\"user\":{\"id\":" + Self.quoted(body.user.id) + ",\"name\":" + Self.quoted(body.user.name)
        if let avatar = body.user.avatar { out += ",\"avatar\":" + Self.quoted(avatar) }
        out += ",\"verified\":" + (body.user.verified ? "true" : "false") + "}"
        out += ",\"text\":" + Self.quoted(body.text)
        out += ",\"pics\":["
        for (index, picture) in body.pics.enumerated() {
            if index > 0 { out += "," }
            out += "{\"url\":" + Self.quoted(picture.url)
            if let width = picture.width { out += ",\"width\":\(width)" }
            if let height = picture.height { out += ",\"height\":\(height)" }
            out += "}"
        }
        out += "],\"reposts\":\(body.reposts),\"comments\":\(body.comments),\"likes\":\(body.likes)"
    }

    /// A JSON string literal: escapes `"`, `\` and control characters, keeps other UTF-8 as is.
    public static func quoted(_ string: String) -> String {
        var out = "\""
        out.reserveCapacity(string.utf8.count + 2)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}":
                out += "\\u" + JSONReader.hex(scalar.value, width: 4).lowercased()
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
