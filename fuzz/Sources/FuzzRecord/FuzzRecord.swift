import FuzzDriver
@testable import FlickTimeline

/// The fuzz test: a `posts.body` blob decoded by `PostRecord.decode` (internal; the fuzz
/// build passes -enable-testing). A damaged store must give `RecordReader.Corruption`, never
/// a trap; a decoded post re-encodes to a record that decodes and re-encodes to the same bytes.
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    let bytes = Array(input)
    guard let post = try? PostRecord.decode(bytes) else { return 0 }
    let record = PostRecord.encode(post)
    guard let again = try? PostRecord.decode(record) else { fatalError("a re-encoded record does not decode") }
    // Times go through `Date` (a Double of seconds): milliseconds round-trip exactly only
    // within about ±1e14 ms (year 5138); beyond that they may move (found by this fuzzer:
    // ±2^60 ms), which no feed can produce (ISO8601 years have 4 digits).
    let plausible = [post.createdAtMilliseconds, post.retweeted?.createdAtMilliseconds ?? 0].allSatisfy { abs($0) < 100_000_000_000_000 }
    precondition(!plausible || PostRecord.encode(again) == record, "a decoded record does not survive encode/decode")
    return 0
}
