import FlickCore
import Foundation

/// The files under the feed folder's `images/`, served by path with a content-hash ETag.
///
/// A request path reaches a file only if every segment is a plain name (letters, digits,
/// `.`, `_`, `-`; not `.` or `..`), it has no percent escapes (so no encoded slash or dot
/// can slip through), and the file, with every symlink resolved, is a regular file inside
/// the images folder. Anything else is `nil` (a 404) before a byte is read.
/// Any thread; ETags are cached under a lock, keyed by path, size and modification time.
final class ImageFiles: Sendable {
    /// A file found and read.
    struct File: Sendable {
        let data: Data
        /// `"<16 hex digits>"`: FNV-1a 64 of the bytes, quoted as an HTTP entity tag.
        let etag: String
        let contentType: String
    }

    /// Longest request path accepted, in bytes. Generated names are ~10 bytes; 1,024 keeps
    /// a hostile path from costing anything.
    static let maxPathLength = 1_024

    let folder: URL
    private let resolvedFolder: String
    private let maxBytes: Int
    private struct Stamp: Sendable, Hashable {
        let size: Int
        let modified: Date
    }
    private let etags = LockedBox<[String: (stamp: Stamp, etag: String)]>([:])

    init(folder: URL, maxBytes: Int) {
        self.folder = folder
        resolvedFolder = folder.resolvingSymlinksInPath().standardizedFileURL.path
        self.maxBytes = maxBytes
    }

    /// Whether `path` (the part of the request path after `/images/`, not decoded) names
    /// a plain relative file path. Pure.
    static func isPlainPath(_ path: Substring) -> Bool {
        guard !path.isEmpty, path.utf8.count <= maxPathLength else { return false }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return segments.allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".."
                && segment.utf8.allSatisfy { byte in
                    (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 46
                        || byte == 95 || byte == 45
                }
        }
    }

    /// The file at `path` (after `/images/`), or nil when the path is not plain, leaves the
    /// folder through a symlink, is not a regular file, or is larger than the limit.
    /// Synchronous file I/O on the calling task (image files are small).
    func file(at path: Substring) -> File? {
        guard Self.isPlainPath(path) else { return nil }
        let candidate = folder.appendingPathComponent(String(path)).resolvingSymlinksInPath().standardizedFileURL.path
        guard candidate.hasPrefix(resolvedFolder + "/"),
            let attributes = try? FileManager.default.attributesOfItem(atPath: candidate),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= maxBytes,
            let data = FileManager.default.contents(atPath: candidate)
        else { return nil }
        let stamp = Stamp(size: size, modified: attributes[.modificationDate] as? Date ?? .distantPast)
        let etag: String
        if let cached = etags.withLock({ $0[candidate] }), cached.stamp == stamp, data.count == size {
            etag = cached.etag
        } else {
            var hash = FNV1a()
            data.withUnsafeBytes { hash.combine($0) }
            etag = "\"" + String(hash.value, radix: 16).leftPadded(to: 16) + "\""
            etags.withLock { $0[candidate] = (stamp, etag) }
        }
        return File(data: data, etag: etag, contentType: Self.contentType(of: candidate))
    }

    /// Whether an `If-None-Match` header value matches `etag` (`*`, a list, weak tags).
    static func matches(ifNoneMatch header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { raw in
            var tag = raw.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }

    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "webp": "image/webp"
        case "gif": "image/gif"
        default: "application/octet-stream"
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
