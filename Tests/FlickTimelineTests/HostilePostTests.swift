import CPangoCairo
import FlickCore
import FlickRaster
import FlickTestSupport
import FlickText
@testable import FlickTimeline
import Foundation
import Testing

/// A post built to be expensive: one field (or all of them) at `size` characters.
enum HostilePost: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case hugeName, hugeSource, hugeBody, urlThenParentheses, deepCombiningName, rightToLeftName, hugeRetweet, everythingHuge

    func post(size: Int) -> Post {
        let run = String(repeating: "x", count: size)
        let retweetOf = { (name: String, text: String) in
            RetweetedPost(id: "o", createdAt: Date(timeIntervalSince1970: 0), user: User(id: "u2", name: name), text: text)
        }
        return switch self {
        case .hugeName: PostLayoutTests.post(text: "正文", name: run)
        case .hugeSource: PostLayoutTests.post(text: "正文", source: run)
        case .hugeBody: PostLayoutTests.post(text: String(repeating: "很长的文字 long words ", count: size / 18))
        case .urlThenParentheses: PostLayoutTests.post(text: "http://a" + String(repeating: ")", count: size))
        case .deepCombiningName: PostLayoutTests.post(text: "正文", name: "e" + String(repeating: "\u{301}", count: size / 2))
        case .rightToLeftName: PostLayoutTests.post(text: "正文", retweet: retweetOf(String(repeating: "\u{202E}ab", count: size / 3), "text"))
        case .hugeRetweet: PostLayoutTests.post(text: "转发", retweet: retweetOf(run, String(repeating: "z ", count: size / 2)))
        case .everythingHuge:
            PostLayoutTests.post(text: String(repeating: "字", count: size), retweet: retweetOf(run, run), name: run, source: run)
        }
    }

    var testDescription: String { rawValue }
}

/// Whatever a post holds, laying it out and drawing it is bounded: asserted on work counts
/// (bytes handed to Pango do not grow with the post) and produced output, not on time.
@Suite("Hostile posts")
struct HostilePostTests {
    let layouter = PostLayouter()

    /// Lays out and renders `post`; returns the bytes handed to Pango and the layout.
    func measure(_ post: Post) throws -> (pangoBytes: Int, layout: PostLayout, bitmap: Bitmap) {
        let context = try TextContext()
        let layout = layouter.layout(post, width: 375, scale: .two, context: context)
        let bitmap = PostRenderer().render(layout)
        return (context.pangoInputBytes, layout, bitmap)
    }

    @Test(arguments: HostilePost.allCases)
    func workDoesNotGrowWithThePost(_ shape: HostilePost) throws {
        let small = try measure(shape.post(size: 100_000))
        let large = try measure(shape.post(size: 1_000_000))
        #expect(large.pangoBytes == small.pangoBytes, "Pango work \(small.pangoBytes) → \(large.pangoBytes) bytes for 10× the post")
        #expect(large.pangoBytes < 400_000, "\(large.pangoBytes) bytes handed to Pango")
        let layout = large.layout
        #expect(layout.height < 1_400)
        #expect(layout.name.layout.lines.count == 1)
        #expect(layout.meta.layout.lines.count == 1)
        #expect((layout.body?.layout.lines.count ?? 0) <= LayoutSpec().maxBodyLines)
        #expect((layout.retweet?.text?.layout.lines.count ?? 0) <= LayoutSpec().maxBodyLines)
        for frame in layout.allFrames { #expect(layout.bounds.contains(frame), "\(frame) outside the cell") }
        #expect(large.bitmap.pixelSize == DisplayScale.two.pixelSize(layout.size))
    }

    @Test func aHugeFieldEndsWithItsTruncationToken() throws {
        let huge = String(repeating: "x", count: 1_000_000)
        let layout = try measure(PostLayoutTests.post(text: huge, name: huge, source: huge)).layout
        #expect(layout.name.layout.isTruncated && layout.name.layout.text.displayText.hasSuffix("…"))
        #expect(layout.meta.layout.isTruncated && layout.meta.layout.text.displayText.hasPrefix("11-"))
        #expect(layout.body?.layout.text.links.last?.kind == .fullText, "…全文")
    }

    /// An unclosed right-to-left override in a retweeted user's name stays inside the name: the
    /// ": text" after it still reads left to right.
    @Test func aRightToLeftOverrideInARetweetedNameDoesNotReverseTheText() throws {
        let original = RetweetedPost(
            id: "o", createdAt: Date(timeIntervalSince1970: 0), user: User(id: "u2", name: "\u{202E}evil"), text: "xyz")
        let layout = try measure(PostLayoutTests.post(text: "转发", retweet: original)).layout
        let text = try #require(layout.retweet?.text?.layout)
        let display = text.text.displayText
        func x(of character: Character) throws -> Double {
            let byte = display.utf8.distance(from: display.startIndex, to: try #require(display.lastIndex(of: character)))
            return try #require(text.clusters.first { $0.byteRange.contains(byte) }).rect.minX
        }
        #expect(try x(of: "x") < x(of: "y") && x(of: "y") < x(of: "z"), "\"xyz\" reads left to right")
        #expect(try x(of: ":") < x(of: "x"))
        #expect(text.text.links.first?.kind == .mention)
    }
}

/// Peak memory per hostile cell, measured alone in a child process (`IsolatedRun`): the
/// kernel's high-water mark is reset (`/proc/self/clear_refs`) before each cell, so the peak
/// counts what laying out and rendering that one cell took. Memory, unlike time, does not
/// depend on the machine's load.
@Suite("Hostile post memory")
struct HostilePostMemoryTests {
    static let bound = 20 * 1024 * 1024

    @Test func eachHostileCellPeaksUnderTwentyMegabytes() async throws {
        guard IsolatedRun.isAlone else {
            let outcome = try await IsolatedRun.runAlone(filter: "HostilePostMemoryTests")
            #expect(outcome.status == 0, "the test failed alone:\n\(outcome.output)")
            #expect(outcome.output.contains("[measure] hostile cells"), "the child did not run the test:\n\(outcome.output)")
            if let line = outcome.output.split(separator: "\n").first(where: { $0.contains("[measure]") }) { print(line) }
            return
        }
        let context = try TextContext()
        let layouter = PostLayouter()
        let renderer = PostRenderer()
        // Warm up fonts and caches with an ordinary cell: they are not the hostile post's cost.
        _ = renderer.render(layouter.layout(PostLayoutTests.generator.post(1), width: 375, scale: .two, context: context))
        var peaks: [String] = []
        for shape in HostilePost.allCases {
            let post = shape.post(size: 4_000_000)  // built before the reset: the post itself is not the cell's cost
            let before = try #require(Self.resetPeak())
            let layout = layouter.layout(post, width: 375, scale: .two, context: context)
            let bitmap = renderer.render(layout)
            let peak = try #require(Self.peakResidentBytes()) - before
            withExtendedLifetime((layout, bitmap, post)) {}
            #expect(peak < Self.bound, "\(shape): \(peak / 1024) KiB")
            peaks.append("\(shape) \(peak / 1024) KiB")
        }
        print("[measure] hostile cells, peak memory over the resident baseline: " + peaks.joined(separator: ", "))
    }

    /// Resets the process's peak resident size to its current size and returns that size.
    static func resetPeak() -> Int? {
        guard (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil else { return nil }
        return status("VmRSS")
    }

    static func peakResidentBytes() -> Int? { status("VmHWM") }

    private static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
