import Foundation

/// Bytes of a JSON document read in fixed-size chunks from a file or from memory, with the
/// 1-based line and column of the next byte.
///
/// Only one chunk is held at a time, so a multi-gigabyte feed costs `chunkSize` bytes here.
/// Columns count Unicode scalars (UTF-8 continuation bytes do not advance them), so a
/// column points at the same character an editor shows.
struct JSONByteInput {
    private enum Source {
        case file(FileHandle, path: String)
        case memory(Data)
    }

    private let source: Source
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    private var index = 0
    private var memoryOffset = 0
    private var exhausted = false

    /// Line of the next byte, from 1.
    private(set) var line = 1
    /// Column of the next byte, from 1, in Unicode scalars.
    private(set) var column = 1
    /// Bytes consumed so far.
    private(set) var offset = 0

    /// Bytes held in memory now (at most one chunk).
    var bufferedByteCount: Int { buffer.count }

    /// Reads the file at `url` lazily; the file stays open until this value is dropped.
    init(contentsOf url: URL, chunkSize: Int) throws(FeedDecoder.Error) {
        do {
            source = .file(try FileHandle(forReadingFrom: url), path: url.path)
        } catch {
            throw .unreadable(path: url.path, reason: Self.reason(error))
        }
        self.chunkSize = max(1, chunkSize)
    }

    /// Reads `data` in `chunkSize` slices (small chunks let tests cross chunk boundaries).
    init(data: Data, chunkSize: Int) {
        source = .memory(data)
        self.chunkSize = max(1, chunkSize)
    }

    /// The next byte without consuming it; nil at end of input.
    mutating func peek() throws(FeedDecoder.Error) -> UInt8? {
        if index < buffer.count { return buffer[index] }
        try refill()
        return index < buffer.count ? buffer[index] : nil
    }

    /// Consumes the byte `peek()` returned. Call only after a non-nil `peek()`.
    mutating func advance() {
        let byte = buffer[index]
        index += 1
        offset += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func refill() throws(FeedDecoder.Error) {
        guard !exhausted else { return }
        index = 0
        switch source {
        case .memory(let data):
            let end = min(data.count, memoryOffset + chunkSize)
            let start = data.startIndex + memoryOffset
            buffer = Array(data[start..<(data.startIndex + end)])
            memoryOffset = end
        case .file(let handle, let path):
            do {
                buffer = try handle.read(upToCount: chunkSize).map { Array($0) } ?? []
            } catch {
                throw .unreadable(path: path, reason: Self.reason(error))
            }
        }
        if buffer.isEmpty { exhausted = true }
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}
