import FlickCore
import Foundation

/// Downloaded image bytes on disk, by URL, bounded by size with least-recently-used eviction.
///
/// File names are 128-bit hashes of the URL, so nothing from a URL reaches the file system.
/// Each file carries a header (magic, length, checksum, the URL itself): a file truncated,
/// corrupted or swapped underneath the cache reads as a miss and is deleted, never as bad
/// pixels or a crash; a file deleted underneath it is a plain miss. Writes go to a temporary
/// name and are renamed into place, so a crash mid-write leaves no half entry.
///
/// Any thread: the index is behind one lock; file I/O happens outside it.
public final class DiskImageCache: Sendable {
    public let folder: URL
    public let limit: Int
    private let index: LockedBox<CostLRU<String, String>>

    static let suffix = ".flickimg"

    /// Opens (creating if needed) the cache in `folder`, indexing the files already there from
    /// least to most recently used and trimming to `limit`.
    public init(folder: URL, limit: Int) throws {
        self.folder = folder
        self.limit = max(0, limit)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var lru = CostLRU<String, String>(costLimit: self.limit)
        var evicted: [String] = []
        for file in Self.existingFiles(in: folder) {
            evicted += lru.insert(file.name, for: file.name, cost: file.size)
        }
        index = LockedBox(lru)
        for name in evicted { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
    }

    /// Bytes on disk now (per the index); never above `limit` after an insert returns.
    public var totalBytes: Int { index.withLock { $0.totalCost } }
    public var count: Int { index.withLock { $0.count } }

    /// The cached body for `url`, or nil when absent, deleted, truncated or corrupt (then the
    /// entry is dropped).
    public func bytes(for url: String) -> [UInt8]? {
        let name = StableHash.fileName(for: url) + Self.suffix
        guard index.withLock({ $0.value(for: name) }) != nil else { return nil }
        let path = folder.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path.path),
            let payload = DiskCacheEntry.payload(of: [UInt8](data), url: url)
        else {
            drop(name)
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path.path)
        return payload
    }

    /// Stores `bytes` for `url`, evicting least recently used entries past `limit`. The
    /// header and the body are written as two pieces straight from memory: the body is not
    /// copied on its way to the file. Callers store only bytes that decoded. Any thread.
    public func store(_ bytes: [UInt8], for url: String) {
        let name = StableHash.fileName(for: url) + Self.suffix
        let header = DiskCacheEntry.header(for: bytes, url: url)
        let size = header.count + bytes.count
        // The index would not keep an entry over the whole limit: skip writing a file only to
        // delete it (the index handles such an insert itself, see `CostLRU.insert`).
        guard size <= limit else { return }
        let final = folder.appendingPathComponent(name)
        let temporary = folder.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown)
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: header)
            // [UInt8] is one contiguous region: FileHandle writes it from its own storage.
            try handle.write(contentsOf: bytes)
            _ = try? FileManager.default.removeItem(at: final)
            try FileManager.default.moveItem(at: temporary, to: final)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return  // a full or read-only disk costs the cache, not the image
        }
        let evicted = index.withLock { $0.insert(name, for: name, cost: size) }
        for old in evicted { try? FileManager.default.removeItem(at: folder.appendingPathComponent(old)) }
    }

    private func drop(_ name: String) {
        index.withLock { _ = $0.removeValue(for: name) }
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }

    /// Cache files in `folder`, oldest use first; leftover temporary files are deleted.
    private static func existingFiles(in folder: URL) -> [(name: String, size: Int, used: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var files: [(name: String, size: Int, used: Date)] = []
        for name in names {
            let path = folder.appendingPathComponent(name).path
            if name.hasSuffix(".tmp") {
                try? FileManager.default.removeItem(atPath: path)
                continue
            }
            guard name.hasSuffix(suffix), let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
            let size = (attributes[.size] as? Int) ?? 0
            let used = (attributes[.modificationDate] as? Date) ?? .distantPast
            files.append((name, size, used))
        }
        return files.sorted { $0.used < $1.used }
    }
}

/// The on-disk layout of one cache entry: "FLKC", version, payload length, payload checksum,
/// URL length, URL bytes, payload. All integers little-endian.
enum DiskCacheEntry {
    static let magic: [UInt8] = Array("FLKC".utf8)
    static let version: UInt32 = 1

    static func encode(_ payload: [UInt8], url: String) -> [UInt8] {
        header(for: payload, url: url) + payload
    }

    /// Everything before the payload: what `store` writes ahead of the body itself.
    static func header(for payload: [UInt8], url: String) -> [UInt8] {
        let urlBytes = Array(url.utf8)
        var out = magic
        out.reserveCapacity(28 + urlBytes.count)
        append(version, to: &out)
        append(UInt64(payload.count), to: &out)
        append(StableHash.fnv1a(payload), to: &out)
        append(UInt32(urlBytes.count), to: &out)
        out += urlBytes
        return out
    }

    /// The payload if `entry` is whole, uncorrupted and for `url`; otherwise nil.
    static func payload(of entry: [UInt8], url: String) -> [UInt8]? {
        guard entry.count >= 28, Array(entry[0..<4]) == magic, read(UInt32.self, entry, at: 4) == version else { return nil }
        let declared = read(UInt64.self, entry, at: 8)
        guard declared <= UInt64(entry.count) else { return nil }
        let length = Int(declared)
        let checksum = read(UInt64.self, entry, at: 16)
        let urlLength = Int(read(UInt32.self, entry, at: 24))
        let urlBytes = Array(url.utf8)
        guard urlLength == urlBytes.count, entry.count == 28 + urlLength + length,
            Array(entry[28..<(28 + urlLength)]) == urlBytes
        else { return nil }
        let payload = Array(entry[(28 + urlLength)...])
        return StableHash.fnv1a(payload) == checksum ? payload : nil
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    private static func read<T: FixedWidthInteger>(_ type: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
        var value = T.zero
        withUnsafeMutableBytes(of: &value) { raw in
            for i in 0..<MemoryLayout<T>.size { raw[i] = bytes[offset + i] }
        }
        return T(littleEndian: value)
    }
}
