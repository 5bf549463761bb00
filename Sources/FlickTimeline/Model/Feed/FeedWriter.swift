import Foundation

/// Streams a feed file post by post (`FeedEncoder` output, byte for byte), so a generator
/// can write a million posts without building the document in memory.
///
/// Buffers about `flushThreshold` bytes between writes. Use from one thread at a time (it is
/// a worker's tool, not shared). Call `finish(next:)` to close the document; a writer
/// dropped without it leaves a truncated (invalid) file.
public final class FeedWriter {
    /// Bytes buffered before a write to the file: 256 KiB keeps system calls rare.
    public static let flushThreshold = 256 * 1024

    private let handle: FileHandle
    private let url: URL
    private let encoder = FeedEncoder()
    private var buffer = ""
    private var count = 0
    private var finished = false

    /// Creates (or truncates) the file at `url` and writes the document's opening.
    public init(url: URL) throws(Error) {
        self.url = url
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw .cannotWrite(path: url.path, reason: "cannot create the file")
        }
        do {
            handle = try FileHandle(forWritingTo: url)
        } catch {
            throw .cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
        }
        buffer = encoder.header()
    }

    /// Appends one post.
    public func append(_ post: Post) throws(Error) {
        buffer += encoder.postLine(post, first: count == 0)
        count += 1
        if buffer.utf8.count >= Self.flushThreshold { try flush() }
    }

    /// Writes the closing of the document (with `next` when given) and closes the file.
    public func finish(next: String? = nil) throws(Error) {
        guard !finished else { return }
        finished = true
        buffer += encoder.footer(next: next)
        try flush()
        try? handle.close()
    }

    private func flush() throws(Error) {
        do {
            try handle.write(contentsOf: Data(buffer.utf8))
        } catch {
            throw .cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { try? handle.close() }

    /// Why the feed file could not be written.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case .cannotWrite(let path, let reason): "cannot write the feed at \(path): \(reason)"
            }
        }
    }
}
