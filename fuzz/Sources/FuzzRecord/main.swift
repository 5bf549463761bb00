@testable import FlickTimeline
import FuzzDriver

runLibFuzzer(fuzz) {
    // Records of generated posts (a retweet and one with pictures among them), each also
    // truncated and damaged, plus an unknown format byte and trailing bytes.
    var seeds: [String: [UInt8]] = [:]
    let posts = RecordSeeds.posts(12)
    let picked = [posts.first { $0.retweeted != nil }, posts.first { !$0.pics.isEmpty }, posts.first { $0.retweeted == nil && $0.pics.isEmpty }].compactMap { $0 }
    for (index, post) in picked.enumerated() {
        seeds.merge(seedVariants("post\(index)", "record", PostRecord.encode(post))) { a, _ in a }
    }
    let record = PostRecord.encode(posts[0])
    seeds["format2.record"] = [2] + record.dropFirst()
    seeds["trailing.record"] = record + [0]
    return seeds
}
