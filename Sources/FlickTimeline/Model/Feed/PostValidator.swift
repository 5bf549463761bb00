import Foundation

/// Turns one parsed element of `posts` into a `Post`, or into the reason it breaks a rule of
/// FEED-FORMAT.md. Pure; runs on whichever thread reads the feed.
///
/// Optional fields that are JSON `null` count as absent. Unknown fields are ignored, and so
/// is a retweeted post's own `retweeted`.
enum PostValidator {
    /// A broken rule, phrased for a warning: `"created_at" is not an ISO 8601 date with zone: "x"`.
    struct Violation: Error, Sendable {
        let reason: String
    }

    /// The post `value` holds, or the rule it breaks. `repairs` receives what was changed
    /// for the post to load (a field cut to its cap, NUL characters replaced), phrased for a
    /// `.repaired` warning.
    static func post(from value: JSONValue, repairs: inout [String]) -> Result<Post, Violation> {
        do throws(Violation) {
            let fields = try Fields(value, prefix: "")
            let body = try Self.body(fields, repairs: &repairs)
            var retweeted: RetweetedPost?
            if let original = fields.value("retweeted") {
                let originalFields = try Fields(original, prefix: "retweeted.", field: "retweeted")
                retweeted = RetweetedPost(try Self.body(originalFields, repairs: &repairs))
            }
            return .success(Post(body, retweeted: retweeted))
        } catch {
            return .failure(error)
        }
    }

    /// The validated fields shared by a post and its retweeted original.
    private static func body(_ fields: Fields, repairs: inout [String]) throws(Violation) -> PostBody {
        let id = try fields.id("id")
        guard !id.isEmpty else { throw Violation(reason: "\(fields.name("id")) is empty") }
        let stamp = try fields.string("created_at")
        guard let date = ISO8601.date(from: stamp) else {
            let shown = Render.value(.string(stamp))
            throw Violation(reason: "\(fields.name("created_at")) is not an ISO 8601 date with zone: \(shown)")
        }
        let source = try fields.optionalString("source").map { fields.shown($0, "source", repairs: &repairs) }
        guard let userValue = fields.value("user") else {
            throw Violation(reason: "\(fields.name("user")) is missing")
        }
        let userFields = try Fields(userValue, prefix: fields.prefix + "user.", field: "user")
        let user = User(
            id: try userFields.id("id"), name: userFields.shown(try userFields.string("name"), "name", repairs: &repairs),
            avatar: try userFields.optionalURL("avatar"),
            verified: try userFields.optionalBool("verified") ?? false)
        let text = fields.withoutNUL(try fields.string("text"), "text", repairs: &repairs)
        return PostBody(
            id: id, createdAt: date, source: source, user: user, text: text,
            pics: try pictures(fields), reposts: try fields.count("reposts"), comments: try fields.count("comments"),
            likes: try fields.count("likes"))
    }

    private static func pictures(_ fields: Fields) throws(Violation) -> [Picture] {
        guard let value = fields.value("pics") else { return [] }
        guard case .array(let items) = value else { throw fields.mismatch("pics", "an array", value) }
        guard items.count <= PostLimits.maxPictures else {
            let limit = PostLimits.maxPictures
            throw Violation(
                reason: "\(fields.name("pics")) has \(items.count) pictures, at most \(limit) are allowed")
        }
        var pictures: [Picture] = []
        for (index, item) in items.enumerated() {
            let pic = try Fields(item, prefix: fields.prefix + "pics[\(index)].", field: "pics[\(index)]")
            let url = try pic.url("url")
            let width = try pic.dimension("width")
            pictures.append(Picture(url: url, width: width, height: try pic.dimension("height")))
        }
        return pictures
    }
}
