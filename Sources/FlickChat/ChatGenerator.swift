import Flick
import Foundation

/// A deterministic conversation: message `i` (0 = oldest) depends only on the seed and `i`.
/// Two people, bubbles of varied length with mentions, topics, URLs, emoticons and emoji, a
/// picture now and then, several messages an hour over many days. Any thread.
public struct ChatGenerator: Sendable {
    public let seed: UInt64
    /// When message 0 was sent.
    public let start: Date
    /// Pictures some bubbles show (paths or URLs); none: no pictures.
    public let photos: [String]

    public init(seed: UInt64 = 7, start: Date = Date(timeIntervalSince1970: 1_790_000_000), photos: [String] = []) {
        self.seed = seed
        self.start = start
        self.photos = photos
    }

    static let phrases = [
        "好的", "ok!", "哈哈哈😂", "我到了", "在吗？", "see you at 7", "明天见👋", "[开心] 太好了",
        "@小明 你看这个 #周末去哪儿# 的帖子", "the build is green again 🎉 https://swift.org/blog",
        "地铁上人好多🙏 还要二十分钟", "did you try the new place on 5th? 🍜🍜", "图片解码放到后台了，滑动顺畅多了",
        "晚上一起吃饭吗？我请客 [可爱]", "Let's move the meeting to Thursday, 3pm works for everyone I think",
        "👍", "这个周末天气不错，我们去爬山吧！带上相机📷，顺便拍点照片 #户外#", "🤔🤔🤔",
        "https://weibo.example/abc123 这个视频太好笑了", "ok I'll send it tonight, need to finish the slides first ✨",
        "我觉得可以，不过要先问问@阿杰 他那天有没有空", "新年快乐🧧🎆",
    ]

    /// Message number `index`.
    public func message(_ index: Int) -> ChatMessage {
        var random = SplitMix64(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        let mine = random.chance(0.45)
        let sentences = 1 + (random.chance(0.25) ? random.int(in: 1...4) : 0)
        let text = (0..<sentences).map { _ in random.pick(Self.phrases) }.joined(separator: " ")
        let photo = !photos.isEmpty && random.chance(0.08) ? random.pick(photos) : nil
        // About eight messages an hour, in bursts.
        let sent = start.addingTimeInterval(Double(index) * 450 + Double(random.int(in: 0...200)))
        return ChatMessage(id: "m\(index)", author: mine ? "me" : "阿杰", mine: mine, text: text, sent: sent, photo: photo)
    }

    /// A phrase for a message being typed or streamed, step `step` of message `index`.
    public func more(for index: Int, step: Int) -> String {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 31 &+ UInt64(step))
        return " " + random.pick(Self.phrases)
    }
}
