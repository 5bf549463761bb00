import FlickCore
import FlickRaster
import FlickText
@testable import FlickTimeline
import Foundation
import Testing

@Suite("Generator")
struct GeneratorTests {
    static func temporaryFolder(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-gen-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let images = folder.appendingPathComponent("images")
        for name in try FileManager.default.contentsOfDirectory(atPath: images.path) {
            result["images/" + name] = try Data(contentsOf: images.appendingPathComponent(name))
        }
        for name in ["feed.json", "feed.sqlite"] {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    @Test func sameSeedWritesTheSameBytes() throws {
        var outputs: [[String: Data]] = []
        var stored: [[Post]] = []
        for run in 0..<2 {
            let folder = Self.temporaryFolder("same\(run)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let pool = try ImagePoolGenerator(seed: 5).write(into: folder)
            _ = try FeedGeneration(posts: 300, seed: 5, folder: folder, pool: pool, writeJSON: true).run()
            let wal = folder.appendingPathComponent("feed.sqlite-wal").path
            #expect(!FileManager.default.fileExists(atPath: wal), "every write is checkpointed into feed.sqlite")
            // Bytes first: opening a store below may write to the file.
            outputs.append(try Self.files(in: folder))
            stored.append(try FeedStore(path: folder.appendingPathComponent("feed.sqlite").path).posts(in: 0..<300))
        }
        #expect(outputs[0].keys.sorted() == outputs[1].keys.sorted())
        for (name, bytes) in outputs[0] { #expect(outputs[1][name] == bytes, "\(name) differs between runs") }
        #expect(stored[0] == stored[1])
        #expect(stored[0].count == 300)
    }

    @Test func differentSeedsWriteDifferentFeeds() {
        let pool = ImagePoolGenerator.plannedPool
        let a = PostContentGenerator(seed: 1, images: pool)
        let b = PostContentGenerator(seed: 2, images: pool)
        let differing = (0..<50).filter { a.post($0).text != b.post($0).text }.count
        #expect(differing > 45)
    }

    @Test func contentMixMatchesTheTargets() {
        let generator = PostContentGenerator(seed: 9, images: ImagePoolGenerator.plannedPool)
        let posts = (0..<6_000).map(generator.post)
        let retweets = Double(posts.filter { $0.retweeted != nil }.count) / Double(posts.count)
        #expect(abs(retweets - 0.25) < 0.03, "retweet share \(retweets)")
        let withPictures = posts.filter { !$0.pics.isEmpty || !($0.retweeted?.pics.isEmpty ?? true) }
        let pictureShare = Double(withPictures.count) / Double(posts.count)
        #expect(abs(pictureShare - 0.40) < 0.04, "picture share \(pictureShare)")
        #expect(posts.allSatisfy { $0.pics.count <= 9 })
        #expect(Set(posts.map(\.pics.count)).isSuperset(of: [0, 1, 2, 4, 9]))

        let lengths = posts.map(\.text.count)
        #expect(lengths.min()! <= 5)
        #expect(lengths.max()! >= 600)
        #expect(lengths.max()! <= 2_100)

        let parser = RichTextParser()
        var kinds: Set<RichTextKind> = []
        for post in posts.prefix(800) { kinds.formUnion(parser.parse(post.text).runs.map(\.kind)) }
        #expect(kinds.isSuperset(of: [.mention, .topic, .url, .emoticon, .emoji, .plain]))
        #expect(posts.contains { $0.text.unicodeScalars.contains { (0x0590...0x06FF).contains($0.value) } }, "some RTL")
        let cjk = posts.prefix(500).map { $0.text.unicodeScalars.filter { (0x4E00...0x9FFF).contains($0.value) }.count }.reduce(0, +)
        let latin = posts.prefix(500).map { $0.text.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }.count }.reduce(0, +)
        #expect(cjk > latin, "mostly CJK")

        let counts = posts.flatMap { [$0.reposts, $0.comments, $0.likes] }
        #expect(counts.contains(0))
        #expect(counts.max()! >= 1_000_000, "some posts reach millions")
        #expect(Set(posts.map(\.id)).count == posts.count)
    }

    @Test func imagePoolCoversFormatsSizesAndAspects() throws {
        let folder = Self.temporaryFolder("pool")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pool = try ImagePoolGenerator(seed: 3).write(into: folder)
        #expect(pool == ImagePoolGenerator.plannedPool)
        let all = pool.avatars + pool.pictures
        #expect(Set(all.map(\.format)) == Set(ImageFormat.allCases))
        let sides = all.flatMap { [$0.pixelSize.width, $0.pixelSize.height] }
        #expect(sides.min() == 200)
        #expect(sides.max() == 4_000)
        let aspects = pool.pictures.map { Double($0.pixelSize.width) / Double($0.pixelSize.height) }
        #expect(aspects.contains { $0 < 0.8 }, "portrait")
        #expect(aspects.contains { $0 > 1.2 && $0 < 2 }, "landscape")
        #expect(aspects.contains { $0 >= 3.5 }, "panoramic")
        for entry in all {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(entry.url)))
            let header = try ImageDecoder.header(of: bytes)
            #expect(header.format == entry.format)
            #expect(header.pixelSize == entry.pixelSize)
        }
        let transparent = pool.pictures.filter { $0.format == .png }
        let png = [UInt8](try Data(contentsOf: folder.appendingPathComponent(try #require(transparent.first).url)))
        #expect(try ImageDecoder.header(of: png).hasAlpha)
    }
}
