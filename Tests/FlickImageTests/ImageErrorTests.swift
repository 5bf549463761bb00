import FlickCore
import FlickRaster
import FlickTestSupport
import Foundation
import Testing
@testable import FlickImage

@Suite("Image errors: each failure typed, named, and contained")
struct ImageErrorTests {
    let server = ImageTestServer.shared

    @Test func descriptionsEscapeTheURLAndTheTransportsWords() {
        let url = "http://host.example/\u{1b}]0;owned\u{07}\u{202e}gpj.jpg"
        let errors = [
            ImageLoadError(url: url, reason: .httpStatus(404)),
            ImageLoadError(url: "x", reason: .connectionFailed("reset \u{1b}[2J")),
            ImageLoadError(url: "x", reason: .redirect("redirect to http://a/\u{9b}31m refused")),
        ]
        for error in errors {
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E },
                "\(error.description.debugDescription)")
        }
        #expect(errors[0].description == "image http://host.example/\\u{1b}]0;owned\\u{7}\\u{202e}gpj.jpg: HTTP status 404")
    }

    @Test func statusCodesOtherThan2xxAreErrors() throws {
        let harness = try PipelineHarness()
        #expect(harness.load(server.url("status/404"))?.reason == .httpStatus(404))
        #expect(harness.load(server.url("status/500"))?.reason == .httpStatus(500))
        #expect(harness.load(server.url("images/missing.jpg"))?.reason == .httpStatus(404))
    }

    @Test func anErrorStatusWithASlowBodyFreesItsDownloadSlotAtOnce() throws {
        // One download slot. Were the 500's trickling body waited for, the slot would stay
        // taken until the 20 s total timeout and the avatar queued behind it could not arrive
        // within the 10 s it is given.
        let harness = try PipelineHarness { $0.totalTimeout = 20; $0.idleTimeout = 20; $0.maxConcurrentDownloads = 1 }
        // Which callback runs first is up to the queues (both are delivered on workers); what
        // matters is that the avatar got the slot long before the 500's body could end.
        let failing = ResultBox()
        let request = ImageRequest(url: server.url("slowstatus/500"), pointSize: Size(width: 10, height: 10), scale: .one)
        _ = harness.pipeline.load(request) { result in failing.set(result) }
        let avatar = harness.load(server.url("images/avatar.jpg?test=behind-500"), timeout: 10)
        #expect(avatar?.bitmap != nil, "the avatar arrived through the one slot, within 10 s of a 20 s body")
        #expect(failing.wait(timeout: 5)?.reason == .httpStatus(500))
    }

    @Test func pipesAndDevicesAreNotReadAsImages() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("flick-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // Both folders allowed explicitly: what is checked here is what a readable path may be.
        let harness = try PipelineHarness {
            $0.access.allowedFolders = [FileManager.default.temporaryDirectory, URL(fileURLWithPath: "/dev")]
        }
        guard case .fileUnreadable = harness.load(fifo, timeout: 5)?.reason else {
            Issue.record("a FIFO did not fail as unreadable (or blocked)")
            return
        }
        guard case .fileUnreadable = harness.load("file:///dev/zero", timeout: 5)?.reason else {
            Issue.record("/dev/zero did not fail as unreadable")
            return
        }
    }

    @Test func aRecentFailureIsRememberedThenRetried() throws {
        let path = "status/404?test=remember"
        let clock = ManualClock()
        let harness = try PipelineHarness(clock: clock) { $0.failureRetryInterval = 1 }
        #expect(harness.load(server.url(path))?.reason == .httpStatus(404))
        #expect(harness.load(server.url(path))?.reason == .httpStatus(404))
        #expect(try server.hits(path) == 1, "the second request was answered from memory")
        #expect(harness.pipeline.statistics.remembersFailures == 1)
        clock.advance(seconds: 0.9)
        #expect(harness.load(server.url(path))?.reason == .httpStatus(404))
        #expect(try server.hits(path) == 1, "within the interval the failure still stands")
        #expect(harness.pipeline.statistics.remembersFailures == 2)
        clock.advance(seconds: 0.2)
        #expect(harness.load(server.url(path))?.reason == .httpStatus(404))
        #expect(try server.hits(path) == 2, "after the interval the URL is tried again")
    }

    @Test func errorsNameTheURLAndTheReason() throws {
        let harness = try PipelineHarness()
        guard case .failure(let error) = harness.load(server.url("status/503")) else {
            Issue.record("a 503 loaded")
            return
        }
        #expect(error.url == server.url("status/503"))
        #expect(error.description.contains(server.url("status/503")) && error.description.contains("503"))
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        let harness = try PipelineHarness { $0.idleTimeout = 0.5; $0.totalTimeout = 1.5 }
        let reason = harness.load(server.url("hang"), timeout: 10)?.reason
        guard case .timedOut = reason else {
            Issue.record("expected a timeout, got \(String(describing: reason))")
            return
        }
    }

    @Test func aTricklingServerIsCutOffByTheTotalTimeout() throws {
        // Bytes keep coming, so the idle timeout (5 s) never fires; the error names the total.
        let harness = try PipelineHarness { $0.idleTimeout = 5; $0.totalTimeout = 1 }
        #expect(harness.load(server.url("trickle/avatar.jpg"), timeout: 10)?.reason == .timedOut(seconds: 1))
    }

    @Test func aRefusedConnectionIsAConnectionError() throws {
        let harness = try PipelineHarness()
        let reason = harness.load("http://127.0.0.1:\(try LoopbackPort.free())/x.jpg")?.reason
        guard case .connectionFailed = reason else {
            Issue.record("expected a connection failure, got \(String(describing: reason))")
            return
        }
    }

    @Test func aTruncatedBodyIsReportedWithItsLengths() throws {
        let harness = try PipelineHarness()
        let reason = harness.load(server.url("truncated/photo.jpg"))?.reason
        guard case .truncatedBody(let expected, let received) = reason else {
            Issue.record("expected a truncated body, got \(String(describing: reason))")
            return
        }
        #expect(received < expected)
    }

    @Test func corruptAndNonImageBytesAreDecodingErrors() throws {
        let harness = try PipelineHarness()
        guard case .decoding = harness.load(server.url("images/corrupt.jpg"))?.reason else {
            Issue.record("corrupt JPEG decoded")
            return
        }
        guard case .decoding(.unknownFormat) = harness.load(server.url("images/page.html"))?.reason else {
            Issue.record("an HTML page was not refused as an unknown format")
            return
        }
    }

    @Test func imagesOverThePixelLimitAreRefused() throws {
        let harness = try PipelineHarness { $0.pixelLimit = 1_000_000 }
        guard case .decoding(.tooLarge) = harness.load("photo.jpg")?.reason else {
            Issue.record("a 2.7 MP image passed a 1 MP limit")
            return
        }
    }

    @Test func bodiesOverTheByteLimitAreStopped() throws {
        let harness = try PipelineHarness { $0.maxBodyBytes = 10_000 }
        #expect(harness.load(server.url("images/photo.jpg"))?.reason == .bodyTooLarge(limit: 10_000))
        #expect(harness.load("photo.jpg")?.reason == .bodyTooLarge(limit: 10_000))
    }

    @Test(arguments: ["", "ftp://example.com/a.jpg", "javascript:alert(1)://", "file://remote.host/etc/passwd", "http:///nohost.jpg"])
    func unsupportedURLsAreRefusedBeforeAnyIO(url: String) throws {
        let harness = try PipelineHarness()
        #expect(harness.load(url)?.reason == .unsupportedURL)
    }

    @Test func missingLocalFilesAreUnreadable() throws {
        let harness = try PipelineHarness()
        guard case .fileUnreadable = harness.load("no/such/file.jpg")?.reason else {
            Issue.record("a missing file did not fail as unreadable")
            return
        }
        guard case .fileUnreadable = harness.load(".")?.reason else {
            Issue.record("a folder did not fail as unreadable")
            return
        }
    }

    @Test func aHangingServerDoesNotHoldUpOtherImages() throws {
        // Two slots: the hanging download holds one (its timeouts are far beyond the test);
        // the avatar must come through the other while it still hangs.
        let harness = try PipelineHarness { $0.idleTimeout = 120; $0.totalTimeout = 120; $0.maxConcurrentDownloads = 2 }
        let request = ImageRequest(url: server.url("hang"), pointSize: Size(width: 10, height: 10), scale: .one)
        guard let hanging = harness.startPending(request) else { return }
        let other = harness.load(server.url("images/avatar.jpg?test=beside-hang"), timeout: 10)
        #expect(other?.bitmap != nil)
        #expect(hanging.box.value == nil, "the hanging request finished early")
        #expect(hanging.ticket.cancel(), "the hanging request was still pending")
    }
}
