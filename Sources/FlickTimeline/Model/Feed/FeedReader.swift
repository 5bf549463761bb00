import Foundation

/// Reads a feed incrementally: one element of `posts` at a time, from a file read in chunks
/// or from memory, so a feed of any size costs one post plus one chunk of memory.
///
/// Runs synchronously on the calling thread; call it from a worker (importing a large file
/// takes seconds). Not Sendable: one reader belongs to one thread.
///
/// ```swift
/// var reader = try FeedReader(contentsOf: url)
/// while let item = try reader.nextItem() {
///     switch item {
///     case .post(let index, let post): store(post, at: index)
///     case .skipped(let warning): print(warning)  // post 3: "id" is empty
///     }
/// }
/// print(reader.next ?? "no more pages")
/// ```
///
/// `next` may appear before or after `posts`; it is final once `nextItem()` returned nil.
/// JSON errors anywhere (even after the last post) throw `FeedDecoder.Error.invalidJSON`.
public struct FeedReader {
    /// One element of `posts`, parsed but not yet validated.
    public enum Element: Sendable, Hashable {
        case value(index: Int, JSONValue)
        /// The element outgrew `Configuration.maxPostBytes`; it was validated as JSON, not kept.
        case oversized(index: Int)
    }

    /// A validated post, or a warning for a skipped post or ignored top-level field.
    public enum Item: Sendable, Hashable {
        case post(index: Int, Post)
        case skipped(FeedWarning)
        /// Something in the post just read was repaired and the post loaded (a lone UTF-16
        /// surrogate became U+FFFD): comes right after that post's `.post`.
        case repaired(FeedWarning)
    }

    enum State {
        case start, member(first: Bool), postsStart, postsAfterElement, finished
    }

    var reader: JSONReader
    let configuration: Configuration
    var state = State.start
    var postCount = 0
    var sawPosts = false
    var postsMismatch: String?
    /// Warnings (`.skipped`, `.repaired`) to hand out before reading further.
    var pendingWarnings: [Item] = []
    /// Lone surrogates replaced while reading the last element of `posts`.
    var lastElementReplacedSurrogates = 0
    /// The next-page URL, once read.
    public internal(set) var next: String?
    /// The URL asking for posts newer than this page (a served page's `newer`), once read;
    /// final, like `next`, once `nextItem()` returned nil.
    public internal(set) var newer: String?
    /// Ids the page says were deleted (a served page's `deleted`), once read; empty when absent.
    public internal(set) var deleted: [String] = []

    public init(contentsOf url: URL, configuration: Configuration = .default) throws(FeedDecoder.Error) {
        let input = try JSONByteInput(contentsOf: url, chunkSize: configuration.chunkSize)
        self.init(input: input, configuration: configuration)
    }

    public init(data: Data, configuration: Configuration = .default) {
        self.init(input: JSONByteInput(data: data, chunkSize: configuration.chunkSize), configuration: configuration)
    }

    private init(input: JSONByteInput, configuration: Configuration) {
        reader = JSONReader(
            input: input, maxDepth: min(configuration.maxDepth, Configuration.depthCeiling),
            maxNumberLength: configuration.maxNumberLength)
        self.configuration = configuration
    }

    /// Bytes of the document read so far, and bytes of it held in memory now (one chunk).
    var progress: (consumed: Int, buffered: Int) { (reader.input.offset, reader.input.bufferedByteCount) }

    /// The next post or warning; nil once the whole document was read and found valid.
    public mutating func nextItem() throws(FeedDecoder.Error) -> Item? {
        if !pendingWarnings.isEmpty { return pendingWarnings.removeFirst() }
        guard let element = try advance(keepingPosts: true) else {
            return pendingWarnings.isEmpty ? nil : pendingWarnings.removeFirst()
        }
        switch element {
        case .oversized(let index):
            return .skipped(
                FeedWarning(postIndex: index, reason: "larger than \(configuration.maxPostBytes) bytes once parsed"))
        case .value(let index, let value):
            var repairs: [String] = []
            switch PostValidator.post(from: value, repairs: &repairs) {
            case .success(let post):
                let replaced = lastElementReplacedSurrogates
                if replaced > 0 {
                    repairs.insert(
                        replaced == 1
                            ? "a lone UTF-16 surrogate escape (half an emoji) was replaced by U+FFFD"
                            : "\(replaced) lone UTF-16 surrogate escapes (halves of emoji) were replaced by U+FFFD",
                        at: 0)
                }
                if !repairs.isEmpty {
                    let reason = repairs.joined(separator: "; ")
                    pendingWarnings.insert(.repaired(FeedWarning(postIndex: index, reason: reason, effect: .repaired)), at: 0)
                }
                return .post(index: index, post)
            case .failure(let violation): return .skipped(FeedWarning(postIndex: index, reason: violation.reason))
            }
        }
    }

    /// The next raw element of `posts`; nil at the end of a valid document. Top-level
    /// warnings from this path are only reported through `nextItem()`.
    public mutating func nextElement() throws(FeedDecoder.Error) -> Element? {
        try advance(keepingPosts: true)
    }

    /// Reads to the end keeping nothing: checks the whole document (syntax, `posts`) and
    /// picks up `next`, allocating nothing per post. Returns the number of posts.
    public mutating func validateToEnd() throws(FeedDecoder.Error) -> Int {
        while try advance(keepingPosts: false) != nil {}
        return postCount
    }

    /// Walks the top-level object until the next element of `posts` or the end.
    private mutating func advance(keepingPosts: Bool) throws(FeedDecoder.Error) -> Element? {
        while true {
            switch state {
            case .start:
                guard let byte = try reader.peekToken() else { throw reader.unexpected(nil, expected: "a JSON object") }
                guard byte == UInt8(ascii: "{") else {
                    let found = try reader.skipValue(depth: 1)
                    try reader.expectEnd()
                    throw .notAnObject(found: found)
                }
                reader.input.advance()
                state = .member(first: true)
            case .member(let first):
                let byte = try reader.peekToken()
                if byte == UInt8(ascii: "}") {
                    reader.input.advance()
                    try finish()
                    return nil
                }
                if !first {
                    guard byte == UInt8(ascii: ",") else {
                        throw reader.unexpected(byte, expected: "',' or '}' in the feed object")
                    }
                    reader.input.advance()
                }
                try member()
            case .postsStart:
                if try reader.peekToken() == UInt8(ascii: "]") {
                    reader.input.advance()
                    state = .member(first: false)
                } else {
                    return try element(keeping: keepingPosts)
                }
            case .postsAfterElement:
                let byte = try reader.peekToken()
                switch byte {
                case UInt8(ascii: ","):
                    reader.input.advance()
                    return try element(keeping: keepingPosts)
                case UInt8(ascii: "]"):
                    reader.input.advance()
                    state = .member(first: false)
                default: throw reader.unexpected(byte, expected: "',' or ']' after a post")
                }
            case .finished:
                return nil
            }
        }
    }
}
