import Foundation

/// Reads local image files. Worker threads (the decode job reads, then decodes).
enum FileLoader {
    static func read(path: String, url: String, maxBytes: Int) throws(ImageLoadError) -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        // Only regular files: a FIFO or a device named by a feed would block the worker forever.
        guard let attributes, attributes[.type] as? FileAttributeType == .typeRegular else {
            throw ImageLoadError(url: url, reason: .fileUnreadable(path: path))
        }
        if let size = attributes[.size] as? Int, size > maxBytes {
            throw ImageLoadError(url: url, reason: .bodyTooLarge(limit: maxBytes))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImageLoadError(url: url, reason: .fileUnreadable(path: path))
        }
        defer { try? handle.close() }
        let read: Data?
        do {
            read = try handle.read(upToCount: maxBytes + 1)
        } catch {
            throw ImageLoadError(url: url, reason: .fileUnreadable(path: path))  // a folder, an I/O error
        }
        // An empty file reads as nil: zero bytes, which the decoder names.
        guard let data = read else { return [] }
        guard data.count <= maxBytes else { throw ImageLoadError(url: url, reason: .bodyTooLarge(limit: maxBytes)) }
        return [UInt8](data)
    }
}
