import FlickTimeline
import Foundation
import FuzzDriver

runLibFuzzer(fuzz) {
    // A served page and a whole feed made by Flick's generator and encoder, each also
    // truncated and damaged, plus hand-made shapes the reader must warn about or refuse.
    let posts = FeedSeeds.posts(4)
    let page = FeedEncoder().encodePage(posts: posts.prefix(3), next: "?before=3", newer: "?after=1", deleted: ["9", "10"])
    let feed = FeedEncoder().encode(Feed(posts: Array(posts.suffix(2))))
    var seeds = seedVariants("page", "json", Array(page)).merging(seedVariants("feed", "json", Array(feed))) { a, _ in a }
    seeds["surrogate.json"] = Array(#"{"posts":[{"id":"1","created_at":"2026-01-02T03:04:05Z","user":{"id":"u","name":"\ud83d"},"text":"half \ude00 an emoji"}]}"#.utf8)
    seeds["bad-post.json"] = Array(#"{"posts":[{"id":"","user":1},{"id":"2","created_at":"x","user":{"id":"u","name":"n"},"text":7}],"next":"javascript:alert(1)"}"#.utf8)
    seeds["deep.json"] = Array(("{\"x\":" + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + ",\"posts\":[]}").utf8)
    seeds["empty.json"] = []
    return seeds
}
