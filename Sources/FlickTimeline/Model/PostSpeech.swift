import FlickCore
import FlickText
import Foundation

/// What a screen reader says for a post: who wrote it, what it says (emoticons as their words,
/// "[微笑]" → "微笑", not as an emoji's name), when and from where, the original it retweets,
/// how many pictures, and the counts: "Alice, verified: Lunch at the harbour 微笑. 11-20 08:15
/// 来自 iPhone 16 Pro. Retweet of Bob: …. 3 pictures. 12 reposts, 4 comments, 80 likes."
/// Texts are cut at `maxTextCharacters` each (a screen reader reads a label whole). Any thread.
public enum PostSpeech {
    /// Longest text (the post's, the original's) a label carries, in characters: 1,000, past the
    /// longest text a cell shows in full before "全文".
    public static let maxTextCharacters = 1_000

    public static func label(of post: Post, emoticons: EmoticonTable = .standard) -> String {
        var sentences = [body(of: post, emoticons: emoticons)]
        sentences.append(MetaLine.text(createdAt: post.createdAt, source: post.source).replacingOccurrences(of: "  ", with: " "))
        if let original = post.retweeted { sentences.append("Retweet of " + body(of: original, emoticons: emoticons)) }
        let pictures = post.pics.count + (post.retweeted?.pics.count ?? 0)
        if pictures > 0 { sentences.append(counted(pictures, "picture")) }
        sentences.append([counted(post.reposts, "repost"), counted(post.comments, "comment"), counted(post.likes, "like")].joined(separator: ", "))
        return sentences.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " ")
    }

    /// "Alice, verified: text" (or the name alone when the text is empty).
    static func body(of content: some PostContent, emoticons: EmoticonTable) -> String {
        let name = content.user.verified ? content.user.name + ", verified" : content.user.name
        let text = spoken(content.text, emoticons: emoticons)
        return text.isEmpty ? name : name + ": " + text
    }

    /// `text` with every known `[shortcode]` said as its word, cut at `maxTextCharacters`.
    static func spoken(_ text: String, emoticons: EmoticonTable) -> String {
        var out = ""
        var rest = Substring(text)
        var characters = 0
        while let open = rest.firstIndex(of: "["), characters < maxTextCharacters {
            out += rest[..<open]
            characters += rest.distance(from: rest.startIndex, to: open)
            let after = rest.index(after: open)
            let limit = rest.index(after, offsetBy: RichTextParser.maxEmoticonLength + 1, limitedBy: rest.endIndex) ?? rest.endIndex
            if let close = rest[after..<limit].firstIndex(of: "]"), emoticons.emoji(for: String(rest[after..<close])) != nil {
                out += " " + rest[after..<close] + " "
                rest = rest[rest.index(after: close)...]
            } else {
                out += "["
                rest = rest[after...]
            }
            characters += 1
        }
        out += rest
        let collapsed = out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard collapsed.count > maxTextCharacters else { return collapsed }
        return String(collapsed.prefix(maxTextCharacters)) + "…"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(NumberText.grouped(count)) \(noun)\(count == 1 ? "" : "s")"
    }
}
