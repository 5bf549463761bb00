import Foundation
@testable import FlickTimeline

/// Shared builders for the timeline data-layer tests.
enum DataFixtures {
    static let epoch2026 = Date(timeIntervalSince1970: 1_795_000_000)

    static func user(_ number: Int = 1, verified: Bool = false) -> User {
        User(id: "u\(number)", name: "用户\(number)", avatar: "images/a\(number).jpg", verified: verified)
    }

    /// A small deterministic post; `number` makes id and content unique.
    static func post(_ number: Int, text: String? = nil, pics: Int = 0, retweet: Bool = false) -> Post {
        Post(
            id: "p\(number)", createdAt: epoch2026.addingTimeInterval(-Double(number) * 60), source: "iPhone",
            user: user(number % 50), text: text ?? "post \(number) @bob #Swift# [微笑]",
            pics: (0..<pics).map { Picture(url: "images/p\(number)-\($0).jpg", width: 1920, height: 1080) },
            reposts: number % 7, comments: number % 5, likes: number % 11,
            retweeted: retweet
                ? RetweetedPost(id: "o\(number)", createdAt: epoch2026, user: user(99), text: "original \(number)")
                : nil)
    }

    /// One post object in feed JSON with `overrides` replacing or adding members (raw JSON values).
    static func postJSON(id: String = "1", _ overrides: [String: String] = [:]) -> String {
        var members: [(String, String)] = [
            ("id", "\"\(id)\""), ("created_at", "\"2026-11-20T08:15:00Z\""),
            ("user", "{\"id\":\"u1\",\"name\":\"Alice\"}"), ("text", "\"hello\""),
        ]
        for (key, value) in overrides.sorted(by: { $0.key < $1.key }) {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                members[index].1 = value
            } else {
                members.append((key, value))
            }
        }
        return "{" + members.filter { $0.1 != "<absent>" }.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    static func feedJSON(_ posts: [String], extra: String = "") -> Data {
        Data(("{\"posts\":[" + posts.joined(separator: ",") + "]" + extra + "}").utf8)
    }
}

/// A directory under the system temp dir, removed when the value is dropped.
final class ScratchDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flick-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func file(_ name: String, contents: Data) -> URL {
        let file = url.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: file.path, contents: contents)
        return file
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Resident memory of this process from /proc/self/statm (Linux), in bytes.
func processResidentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
