import FlickCore
import Foundation
@testable import FlickTimeline

/// Generated feeds and the brute-force answer find must equal.
enum SearchFixtures {
    /// `count` generated posts (mostly CJK with Latin words, names, emoticons, retweets).
    static func generated(_ count: Int, seed: UInt64 = 7, from start: Int = 0) -> [Post] {
        let generator = PostContentGenerator(seed: seed, images: ImagePoolGenerator.plannedPool)
        return (start..<start + count).map { generator.post($0) }
    }

    /// Whether `post` contains `query` where find looks, by the plainest reading of the rules:
    /// each field folded on its own, searched for the folded query.
    static func bruteForceMatches(_ query: SearchQuery, _ post: Post) -> Bool {
        guard !query.isEmpty else { return false }
        let fields = [post.user.name, post.text, post.retweeted?.text ?? ""]
        return fields.contains { SearchFolding.contains(SearchFolding.fold($0.unicodeScalars), query.folded) }
    }

    /// Ids of `posts` (in timeline order) matching `query`, leaving out `deleted`.
    static func expected(_ query: SearchQuery, in posts: [Post], deleted: Set<String> = []) -> [String] {
        posts.filter { !deleted.contains($0.id) && bruteForceMatches(query, $0) }.map(\.id)
    }

    /// Every match `store` finds for `query`, paging `limit` at a time, from the first post
    /// on (or from the last one back, `backward`).
    static func allMatches(_ store: FeedStore, _ query: SearchQuery, limit: Int = 37, backward: Bool = false) throws -> [String] {
        var ids: [String] = []
        var after: Int?
        var pages = 0
        while true {
            let page = try backward ? store.search(query, before: after, limit: limit) : store.search(query, after: after, limit: limit)
            ids += page.matches.map(\.id)
            pages += 1
            guard let next = page.next, pages < 100_000 else { break }
            after = next
        }
        return ids
    }

    /// Queries over the generated vocabulary: common and rare, Latin and CJK, 1–3+ scalars.
    static let queries = [
        "swift", "SWIFT", "coffee", "微笑", "哈", "e", "今天天气", "[微笑]", "bob_42", "小明alice", "🎉", "👍🏽",
        "周末", "zzqx", "60fps", "o", "#", "@", "https://", "成都火锅", "شكرا", "程序员老王",
    ]

    /// Queries that are syntax somewhere: all must be searched as literal text.
    static let hostile: [String] = [
        "\"", "\"\"", "\"swift\"", "swift*", "*", "sw*ft", "NEAR(swift coffee)", "swift AND coffee", "swift OR coffee",
        "NOT swift", "swift NOT coffee", "(swift)", "{document}: swift", "document:swift", "^swift", "swift$", ".*",
        "[a-z]+", "\\", "%", "_", "%swift%", "a'b", "'; DROP TABLE posts; --", "-swift", "+swift", "a:b",
        String(repeating: "x", count: 10_000), String(repeating: "微笑", count: 5_000), "   ", "\t\n", "",
        "\u{0}", "swift\u{0}coffee", "\u{0}\u{0}\u{0}", "\u{1F}", String(decoding: [0xD800] as [UInt16], as: UTF16.self),
        String(decoding: [0xED, 0xA0, 0x80] as [UInt8], as: UTF8.self), "\u{FFFD}", "\u{10FFFF}", "🏳️‍🌈",
    ]
}
