import FlickText
import FlickTimeline

/// A post as Pango markup for the GtkListView side of `flick gtk-demo --compare`: the same
/// rich text Flick draws (mentions, #topics#, URLs in the link colour), made once per post
/// before the run, as a GTK client caches it. Plain value.
struct GtkPostMarkup {
    let name: String
    let body: String
    let retweet: String?
    let meta: String

    init(_ post: Post, parser: RichTextParser) {
        name = Self.escape(post.user.name)
        body = Self.markup(parser.parse(post.text))
        retweet = post.retweeted.map { Self.markup(parser.parse("@\($0.user.name): \($0.text)")) }
        meta = Self.escape("\(post.source ?? "")   \(post.reposts) reposts · \(post.comments) comments · \(post.likes) likes")
    }

    /// Display text with every link run in the timeline's link colour.
    static func markup(_ text: RichText) -> String {
        let bytes = Array(text.displayText.utf8)
        var out = ""
        var cursor = 0
        func plain(_ range: Range<Int>) -> String { escape(String(decoding: bytes[range], as: UTF8.self)) }
        for run in text.links where run.displayRange.lowerBound >= cursor && run.displayRange.upperBound <= bytes.count {
            out += plain(cursor..<run.displayRange.lowerBound)
            out += "<span foreground=\"#2A6BB8\">" + plain(run.displayRange) + "</span>"
            cursor = run.displayRange.upperBound
        }
        return out + plain(cursor..<bytes.count)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
