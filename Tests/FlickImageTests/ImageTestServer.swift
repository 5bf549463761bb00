import FlickRaster
import FlickTestSupport
import Foundation

/// The real HTTP server the image tests talk to: `Server/image_server.py` on 127.0.0.1, started
/// once per test process, serving the fixture images below plus endpoints that fail on purpose.
/// It exits when this process closes its stdin (or dies).
final class ImageTestServer: Sendable {
    static let shared: ImageTestServer = {
        do {
            return try ImageTestServer()
        } catch {
            fatalError("cannot start the test image server: \(error)")
        }
    }()

    let port: Int
    let folder: URL
    private let process: Process
    private let stdin: Pipe

    private init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-image-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ImageTestFiles.write(into: folder)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server/image_server.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, folder.path]
        let stdout = Pipe()
        stdin = Pipe()
        process.standardOutput = stdout
        process.standardInput = stdin
        try process.run()
        var line = Data()
        while let byte = try stdout.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "server printed no port"])
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Hits of `path` (with its query string) so far, from the server's own count. Tests give
    /// their requests a unique query so that parallel tests do not count each other's hits.
    func hits(_ path: String) throws -> Int {
        let data = try Data(contentsOf: URL(string: url("stats"))!)
        let counts = try JSONSerialization.jsonObject(with: data) as? [String: Int] ?? [:]
        return counts["/" + path] ?? 0
    }
}

/// The fixture images, drawn from known patterns and encoded in memory.
enum ImageTestFiles {
    static let photoSize = (width: 1920, height: 1440)

    static func write(into folder: URL) throws {
        let photo = ImageFixtures.bitmap(.gradient, width: photoSize.width, height: photoSize.height, alpha: false)
        try write(ImageFixtures.encoded(photo, as: .jpeg), "photo.jpg", folder)
        try write(ImageFixtures.encoded(photo, as: .webp), "photo.webp", folder)
        let small = ImageFixtures.bitmap(.quadrants, width: 400, height: 300, alpha: true)
        try write(ImageFixtures.encoded(small, as: .png), "quadrants.png", folder)
        let avatar = ImageFixtures.bitmap(.checkerboard(cell: 20), width: 200, height: 200, alpha: false)
        try write(ImageFixtures.encoded(avatar, as: .jpeg), "avatar.jpg", folder)
        // A JPEG signature followed by garbage, and a text file served as an image.
        try write([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x5A, count: 2_000), "corrupt.jpg", folder)
        try write(Array("<html>not an image</html>".utf8), "page.html", folder)
    }

    private static func write(_ bytes: [UInt8], _ name: String, _ folder: URL) throws {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
}
