import FlickCore
import FlickTestSupport
import Foundation
import Testing

@testable import FlickImage

/// Image downloads from a host that tries to exhaust the client (issue 30): each hostile
/// route, used as an image URL of a remote feed, fails that one image with the limit it broke,
/// in bounded time.
@Suite struct HostileImageHostTests {
    static let server: HostileFeedServer = {
        do { return try HostileFeedServer() } catch { fatalError("cannot start the hostile server: \(error)") }
    }()

    static func expected(_ reason: ImageLoadError.Reason?, for route: HostileFeedServer.Route) -> Bool {
        switch (route, reason) {
        case (.endlessChunked, .bodyTooLarge(1_048_576)?), (.endlessClose, .bodyTooLarge(1_048_576)?),
            (.hugeLength, .bodyTooLarge(1_048_576)?), (.gzipBomb, .inflationTooLarge(20)?),
            (.lyingLengthShort, .truncatedBody(1_000_000, 100)?), (.stalledHead, .timedOut(3)?), (.drip, .timedOut(5)?),
            (.retryAfterHuge, .httpStatus(503)?):
            return true
        case (.redirectChain, .redirect(let words)?): return words == "more than 5 redirects"
        case (.redirectAway, .redirect(let words)?): return words.contains("169.254.169.254 is a loopback or private address")
        default: return false
        }
    }

    @Test(arguments: [
        HostileFeedServer.Route.endlessChunked, .endlessClose, .hugeLength, .gzipBomb, .lyingLengthShort, .stalledHead, .drip,
        .retryAfterHuge, .redirectChain, .redirectAway,
    ])
    func aHostileImageHostFailsOnlyThatImageWithinItsLimits(_ route: HostileFeedServer.Route) throws {
        let harness = try PipelineHarness {
            // A remote feed on the test host (allowed, as a LAN deployment would be).
            $0.access = ImageAccessPolicy(feedLocation: Self.server.feedURL(route))
            $0.access.allowedHosts = ["127.0.0.1"]
            $0.maxBodyBytes = 1_048_576
            // Tight only for the routes about them, so other answers arrive on a loaded machine.
            $0.idleTimeout = route == .stalledHead ? 3 : 30
            $0.totalTimeout = route == .drip ? 5 : 60
        }
        let started = ContinuousClock.now
        let reason = harness.load(Self.server.badURL(route).absoluteString + "?i=\(UUID().uuidString)", timeout: 60)?.reason
        let took = ContinuousClock.now - started
        #expect(Self.expected(reason, for: route), "\(route): \(String(describing: reason))")
        #expect(took < .seconds(30), "\(route): \(took)")
    }
}
