import FuzzDriver
import FlickTimeline
import Foundation

/// The fuzz test: a feed document read with `FeedReader` to its end, then parsed again as a
/// remote page (`FeedPage.parse`: duplicates, link resolution). Errors are expected; a trap,
/// a hang (libFuzzer -timeout) or a memory blow-up (-rss_limit_mb) is a finding.
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    let bytes = Data(input)
    var reader = FeedReader(data: bytes)
    do {
        while try reader.nextItem() != nil {}
    } catch {}
    _ = try? FeedPage.parse(bytes, url: URL(string: "https://feed.example/page?before=1")!)
    return 0
}
