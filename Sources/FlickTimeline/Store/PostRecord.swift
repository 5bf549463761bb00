import Foundation

/// The `posts.body` encoding of a `Post` (format 1), built on `RecordWriter`/`RecordReader`.
///
/// Layout: format byte, then the post body, a retweet flag and the original's body. A body
/// is id, created-at ms, source?, user (id, name, avatar?, verified), text, pictures (count,
/// then url, width?, height?), reposts, comments, likes. Pure; any thread.
enum PostRecord {
    /// Bumped (with a migration) whenever the layout changes.
    static let format: UInt8 = 1

    static func encode(_ post: Post) -> [UInt8] {
        var writer = RecordWriter(capacity: 64 + post.text.utf8.count)
        writer.byte(format)
        body(post, into: &writer)
        if let original = post.retweeted {
            writer.byte(1)
            body(original, into: &writer)
        } else {
            writer.byte(0)
        }
        return writer.bytes
    }

    static func decode(_ bytes: [UInt8]) throws(RecordReader.Corruption) -> Post {
        var reader = RecordReader(bytes)
        let version = try reader.byte()
        guard version == format else { throw .init(reason: "unknown record format \(version)") }
        let main = try body(&reader)
        var retweeted: RetweetedPost?
        switch try reader.byte() {
        case 0: break
        case 1: retweeted = RetweetedPost(try body(&reader))
        case let tag: throw .init(reason: "bad retweet tag \(tag)")
        }
        guard reader.isAtEnd else { throw .init(reason: "trailing bytes after the record") }
        return Post(main, retweeted: retweeted)
    }

    private static func body(_ content: some PostContent, into writer: inout RecordWriter) {
        writer.string(content.id)
        writer.signed(content.createdAtMilliseconds)
        writer.optionalString(content.source)
        writer.string(content.user.id)
        writer.string(content.user.name)
        writer.optionalString(content.user.avatar)
        writer.byte(content.user.verified ? 1 : 0)
        writer.string(content.text)
        writer.count(content.pics.count)
        for picture in content.pics {
            writer.string(picture.url)
            writer.optionalCount(picture.width)
            writer.optionalCount(picture.height)
        }
        writer.count(content.reposts)
        writer.count(content.comments)
        writer.count(content.likes)
    }

    /// The decoded fields of one body.
    private static func body(_ reader: inout RecordReader) throws(RecordReader.Corruption) -> PostBody {
        let id = try reader.string()
        let createdAt = Date(timeIntervalSince1970: Double(try reader.signed()) / 1000)
        let source = try reader.optionalString()
        let user = User(
            id: try reader.string(), name: try reader.string(), avatar: try reader.optionalString(),
            verified: try reader.byte() != 0)
        let text = try reader.string()
        let count = try reader.count()
        guard count <= PostLimits.maxPictures else { throw .init(reason: "\(count) pictures") }
        var pics: [Picture] = []
        for _ in 0..<count {
            let url = try reader.string()
            pics.append(Picture(url: url, width: try reader.optionalCount(), height: try reader.optionalCount()))
        }
        return PostBody(
            id: id, createdAt: createdAt, source: source, user: user, text: text, pics: pics,
            reposts: try reader.count(), comments: try reader.count(), likes: try reader.count())
    }
}
