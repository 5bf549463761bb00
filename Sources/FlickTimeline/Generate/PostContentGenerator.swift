import FlickCore
import Foundation

/// Makes realistic timeline posts from a seed: text lengths log-normal from a few characters
/// to ~2,000, mostly CJK with Latin, some RTL and complex emoji; mentions, topics, URLs and
/// emoticons; ~25% retweets; ~40% with 1–9 pictures; counts from 0 to millions.
///
/// Deterministic: post `i` depends only on (seed, i), so any slice can be generated alone and
/// two runs write the same bytes. Any thread.
public struct PostContentGenerator: Sendable {
    /// Content mix; every default is the issue's target mix.
    public struct Mix: Sendable {
        /// Share of posts that retweet another; default 0.25.
        public var retweetShare = 0.25
        /// Share of posts (and retweeted originals) with pictures; default 0.40.
        public var pictureShare = 0.40
        /// Median text length in characters (log-normal); default 45.
        public var medianTextLength = 45.0
        /// Log-normal spread; default 1.0 (so ~1% of posts pass 450 characters).
        public var textLengthSigma = 1.0
        /// Longest generated text; default 2,000 characters.
        public var maxTextLength = 2_000
        /// Share of text fragments that are right-to-left script; default 0.03.
        public var rtlShare = 0.03
        /// Share of pictures without a size hint; default 0.05.
        public var missingHintShare = 0.05

        public init() {}
    }

    public let seed: UInt64
    public let mix: Mix
    public let images: ImagePool
    /// Time of the newest post; older posts step back from it.
    public let newest: Date

    public init(seed: UInt64, images: ImagePool, mix: Mix = Mix(), newest: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        self.seed = seed
        self.mix = mix
        self.images = images
        self.newest = newest
    }

    /// Post number `index` (0 = newest).
    public func post(_ index: Int) -> Post {
        var random = SplitMix64(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        let createdAt = newest.addingTimeInterval(-Double(index) * 37 - Double(random.int(in: 0...30)))
        let retweeted: RetweetedPost? =
            random.chance(mix.retweetShare)
            ? RetweetedPost(
                id: "o\(seed % 1000)-\(index)", createdAt: createdAt.addingTimeInterval(-Double(random.int(in: 60...864_000))),
                source: random.pick(Vocabulary.sources), user: user(&random), text: text(&random), pics: pictures(&random),
                reposts: count(&random), comments: count(&random), likes: count(&random))
            : nil
        let ownPictures = retweeted == nil ? pictures(&random) : []
        return Post(
            id: String(4_870_000_000 - index), createdAt: createdAt, source: random.pick(Vocabulary.sources),
            user: user(&random), text: retweeted != nil && random.chance(0.3) ? "" : text(&random), pics: ownPictures,
            reposts: count(&random), comments: count(&random), likes: count(&random), retweeted: retweeted)
    }

    private func user(_ random: inout SplitMix64) -> User {
        let number = random.int(in: 0...4_999)
        let name = Vocabulary.names[number % Vocabulary.names.count] + (number < Vocabulary.names.count ? "" : "\(number)")
        return User(
            id: "u\(number)", name: name, avatar: images.avatars.isEmpty ? nil : images.avatars[number % images.avatars.count].url,
            verified: number % 7 == 0)
    }

    private func pictures(_ random: inout SplitMix64) -> [Picture] {
        guard !images.pictures.isEmpty, random.chance(mix.pictureShare) else { return [] }
        // One picture is the most common, then 9, then the rest (as on Weibo).
        let count = random.chance(0.45) ? 1 : random.chance(0.2) ? 9 : random.int(in: 2...8)
        return (0..<count).map { _ in
            let image = random.pick(images.pictures)
            let hinted = !random.chance(mix.missingHintShare)
            return Picture(url: image.url, width: hinted ? image.pixelSize.width : nil, height: hinted ? image.pixelSize.height : nil)
        }
    }

    /// 0 to millions, heavy-tailed: most posts get a handful, a few go viral.
    private func count(_ random: inout SplitMix64) -> Int {
        if random.chance(0.2) { return 0 }
        // 1 in 200 counts belongs to a viral post: hundreds of thousands to millions.
        if random.chance(0.005) { return min(50_000_000, Int(random.logNormal(mu: 13, sigma: 1.2))) }
        return min(50_000_000, Int(random.logNormal(mu: 2.5, sigma: 2.2)))
    }

    private func text(_ random: inout SplitMix64) -> String {
        let target = min(mix.maxTextLength, max(2, Int(random.logNormal(mu: log(mix.medianTextLength), sigma: mix.textLengthSigma))))
        var text = ""
        var length = 0
        while length < target {
            let piece = fragment(&random)
            text += piece
            length += piece.count
        }
        return text
    }

    private func fragment(_ random: inout SplitMix64) -> String {
        let roll = random.unit()
        switch roll {
        case ..<0.50: return random.pick(Vocabulary.cjkPhrases)
        case ..<0.62: return " " + random.pick(Vocabulary.latinWords) + " "
        case ..<0.68: return " @" + random.pick(Vocabulary.names) + " "
        case ..<0.72: return "#" + random.pick(Vocabulary.topics) + "#"
        case ..<0.75: return " https://" + random.pick(Vocabulary.hosts) + "/" + String(random.next() % 1_000_000, radix: 36) + " "
        case ..<0.81: return "[" + random.pick(Vocabulary.emoticons) + "]"
        case ..<0.87: return random.pick(Vocabulary.emoji)
        case ..<0.90: return random.chance(mix.rtlShare / 0.03) ? " " + random.pick(Vocabulary.rtl) + " " : "，"
        case ..<0.95: return random.pick(["，", "。", "！", "？", "、", "……"])
        default: return random.chance(0.5) ? "\n" : " "
        }
    }
}
