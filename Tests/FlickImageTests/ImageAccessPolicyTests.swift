import FlickCore
import FlickRaster
import Foundation
import Testing
@testable import FlickImage

/// What a feed may make Flick read (`ImageAccessPolicy`): its own folder and http(s), unless
/// widened explicitly; everything else refused before any byte is read.
@Suite("Image access policy")
struct ImageAccessPolicyTests {
    let server = ImageTestServer.shared

    /// A feed folder with one image, beside a folder the feed must not reach holding a copy of
    /// the image and a "secret" text file.
    struct Folders {
        let root: URL
        var feed: URL { root.appendingPathComponent("feed") }
        var outside: URL { root.appendingPathComponent("private") }
        static let secret = "SECRET-BYTES-42"

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-policy-\(UUID().uuidString)")
            let image = try Data(contentsOf: ImageTestServer.shared.folder.appendingPathComponent("avatar.jpg"))
            for folder in [root.appendingPathComponent("feed/images"), root.appendingPathComponent("private")] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try image.write(to: root.appendingPathComponent("feed/images/a.jpg"))
            try image.write(to: root.appendingPathComponent("private/photo.jpg"))
            try Data(Self.secret.utf8).write(to: root.appendingPathComponent("private/secret.txt"))
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    func harness(_ folders: Folders, _ configure: (inout ImagePipeline.Configuration) -> Void = { _ in }) throws -> PipelineHarness {
        try PipelineHarness { configuration in
            configuration.baseFolder = folders.feed
            configure(&configuration)
        }
    }

    @Test func imagesUnderTheFeedsFolderLoadAsBefore() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let harness = try harness(folders)
        for url in ["images/a.jpg", "./images/../images/a.jpg", folders.feed.path + "/images/a.jpg", "file://" + folders.feed.path + "/images/a.jpg"] {
            #expect(harness.load(url)?.bitmap != nil, "\(url)")
        }
    }

    /// Before: every one of these loaded (`..` was standardized out of the folder; absolute
    /// paths and `file://` could point anywhere readable).
    @Test func pathsOutsideTheFeedsFolderAreRefusedNamingThePath() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let harness = try harness(folders)
        let photo = folders.outside.appendingPathComponent("photo.jpg").path
        for url in ["../private/photo.jpg", "images/../../private/photo.jpg", photo, "file://" + photo, "file://" + folders.feed.path + "/../private/photo.jpg", "file:///etc/hostname", "/proc/self/environ", "../../../../../../etc/passwd"] {
            let error = harness.load(url)?.loadError
            guard case .refused(let path, let rule)? = error?.reason else {
                Issue.record("\(url) was not refused: \(String(describing: error))")
                continue
            }
            #expect(!path.contains(".."), "the resolved path is named: \(path)")
            #expect(rule.contains("outside the feed's folder \(folders.feed.path)"))
            #expect(error.map { "\($0)" }?.contains(url) == true, "the error names the URL as the feed gave it")
        }
    }

    /// Before: a refused-now file that is not an image printed its first bytes in the error.
    @Test func noByteOfARefusedFileReachesTheError() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let harness = try harness(folders)
        let error = try #require(harness.load("../private/secret.txt")?.loadError)
        let hex = Folders.secret.utf8.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
        #expect(!"\(error)".contains(hex) && !"\(error)".contains(Folders.secret), "\(error)")
        #expect(error.reason == .refused(path: folders.outside.appendingPathComponent("secret.txt").path, rule: "outside the feed's folder \(folders.feed.path)"))
    }

    @Test func aSymbolicLinkOutOfTheFeedsFolderIsRefused() throws {
        let folders = try Folders()
        defer { folders.remove() }
        try FileManager.default.createSymbolicLink(at: folders.feed.appendingPathComponent("escape"), withDestinationURL: folders.outside)
        let error = try harness(folders).load("escape/photo.jpg")?.loadError
        #expect(error?.reason == .refused(path: folders.outside.appendingPathComponent("photo.jpg").path, rule: "outside the feed's folder \(folders.feed.path)"))
    }

    @Test func anAllowedFolderWidensThePolicyExplicitly() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let harness = try harness(folders) { $0.access.allowedFolders = [folders.outside] }
        #expect(harness.load("../private/photo.jpg")?.bitmap != nil)
        #expect(harness.load(folders.outside.appendingPathComponent("photo.jpg").path)?.bitmap != nil)
        guard case .refused? = harness.load("/etc/hostname")?.loadError?.reason else {
            Issue.record("a folder not on the list was read")
            return
        }
    }

    @Test(arguments: ["javascript:alert(1)", "data:image/png;base64,iVBORw0KGgo=", "file:/etc/passwd", "mailto:x@example.com"])
    func schemesWithoutSlashesAreUnsupportedNotFileNames(_ url: String) throws {
        let folders = try Folders()
        defer { folders.remove() }
        #expect(try harness(folders).load(url)?.loadError?.reason == .unsupportedURL)
    }

    @Test func aRemoteFeedResolvesRelativeURLsOverHTTPAndReadsNoLocalFile() throws {
        var policy = ImageAccessPolicy(feedLocation: URL(string: "https://feeds.example.com/timeline/page1.json")!)
        #expect(try policy.resolve("images/a.jpg") == .remote(URL(string: "https://feeds.example.com/timeline/images/a.jpg")!))
        #expect(try policy.resolve("../../a.jpg") == .remote(URL(string: "https://feeds.example.com/a.jpg")!))
        #expect(try policy.resolve("https://cdn.example.org/p.webp") == .remote(URL(string: "https://cdn.example.org/p.webp")!))
        for url in ["/etc/passwd", "file:///etc/passwd", "http://127.0.0.1:631/", "http://169.254.169.254/latest/meta-data/", "http://[::1]/x", "http://localhost/x", "http://2130706433/x"] {
            #expect(throws: ImageLoadError.self, "\(url)") { try policy.resolve(url) }
        }
        policy.allowedHosts = ["127.0.0.1"]
        #expect(try policy.resolve("http://127.0.0.1:631/x") == .remote(URL(string: "http://127.0.0.1:631/x")!))
    }

    @Test func aRemoteFeedReachesALoopbackServerOnlyWhenItsHostIsAllowed() throws {
        let url = server.url("images/avatar.jpg?test=policy")
        let refused = try PipelineHarness { $0.access = ImageAccessPolicy(feedLocation: URL(string: "https://feeds.example.com/f.json")!) }
        guard case .refused(_, let rule)? = refused.load(url)?.loadError?.reason else {
            Issue.record("a remote feed reached a loopback server")
            return
        }
        #expect(rule.contains("127.0.0.1 is a loopback or private address"))
        let allowed = try PipelineHarness {
            $0.access = ImageAccessPolicy(feedLocation: URL(string: "https://feeds.example.com/f.json")!)
            $0.access.allowedHosts = ["127.0.0.1"]
        }
        #expect(allowed.load(url)?.bitmap != nil)
        #expect(try PipelineHarness().load(url)?.bitmap != nil, "a local feed may use any http(s) host")
    }

    @Test func privateAddressesAreRecognisedInEveryLiteralForm() {
        for host in ["localhost", "a.localhost", "127.0.0.1", "127.1", "2130706433", "0x7f000001", "10.1.2.3", "172.16.0.1", "172.31.255.255",
                     "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "[::1]", "::1", "::", "fe80::1", "fd00::1", "::ffff:127.0.0.1"] {
            #expect(ImageAccessPolicy.isPrivate(host: host), "\(host)")
        }
        for host in ["8.8.8.8", "172.32.0.1", "192.169.0.1", "example.com", "2001:4860:4860::8888", "::ffff:8.8.8.8"] {
            #expect(!ImageAccessPolicy.isPrivate(host: host), "\(host)")
        }
    }

    @Test func thePipelinesSynchronousPathAppliesTheSamePolicy() throws {
        let folders = try Folders()
        defer { folders.remove() }
        var configuration = ImagePipeline.Configuration()
        configuration.baseFolder = folders.feed
        let pipeline = try ImagePipeline(configuration: configuration)
        let request = { (url: String) in ImageRequest(url: url, pointSize: Size(width: 40, height: 40), scale: .two) }
        guard case .failure(let error) = pipeline.loadSynchronously(request("../private/secret.txt")), case .refused = error.reason else {
            Issue.record("the synchronous path read a file outside the feed's folder")
            return
        }
        if case .failure(let error) = pipeline.loadSynchronously(request("images/a.jpg")) { Issue.record("\(error)") }
    }
}

extension Result {
    var loadError: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
