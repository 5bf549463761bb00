import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a feed's image URLs may make Flick read: the one place that decides, before any I/O.
///
/// A feed is untrusted input, and once feeds come from a server every image URL in one is
/// chosen by someone else. By default a feed may name:
/// - files under its own folder: relative paths resolve against `feedLocation` (as the feed
///   format says), and an absolute path or `file://` URL is accepted only when it lies there
///   too. `..` that leaves the folder, and a symbolic link (of a folder on the way) that
///   points out of it, are refused;
/// - http(s) URLs. When the feed itself is remote (`feedLocation` is http(s)), relative URLs
///   resolve against it over HTTP, no local file is read at all, and hosts that are loopback,
///   private or link-local addresses (`localhost`, 127.0.0.1, 10/8, 192.168/16, 169.254/16,
///   ::1, fc00::/7, …) are refused: a page from the internet must not probe the viewer's
///   network.
///
/// `allowedFolders` and `allowedHosts` widen this explicitly; nothing else does. Anything
/// refused fails with `ImageLoadError.Reason.refused`, naming the URL, the path it resolved to
/// and the rule, and no byte of it is read. Plain value; any thread.
public struct ImageAccessPolicy: Sendable, Hashable {
    /// Where the feed came from: its folder (a `file://` URL) or the http(s) URL of the feed
    /// document. Relative image URLs resolve against it.
    public var feedLocation: URL
    /// More local folders images may be read from, for any feed (an app's own bundled
    /// images, a shared cache). Default none.
    public var allowedFolders: [URL] = []
    /// Hosts a remote feed's images may come from even though they are loopback or private
    /// (a test server, a LAN deployment), as written in URLs (`127.0.0.1`, `intranet.lan`).
    /// Default none.
    public var allowedHosts: Set<String> = []

    /// A policy for a feed at `feedLocation` (its folder, or its http(s) URL).
    public init(feedLocation: URL) {
        self.feedLocation = feedLocation
    }

    /// Whether the feed itself was fetched over http(s).
    public var feedIsRemote: Bool {
        let scheme = feedLocation.scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }

    /// Where `string` (an image URL as a feed gives it) points, or why it may not be read.
    func resolve(_ string: String) throws(ImageLoadError) -> ImageLocation {
        let unsupported = ImageLoadError(url: string, reason: .unsupportedURL)
        guard !string.isEmpty, !string.contains("\0") else { throw unsupported }
        if let scheme = Self.scheme(of: string) {
            guard string.dropFirst(scheme.count + 1).hasPrefix("//"), let url = URL(string: string) else { throw unsupported }
            switch scheme.lowercased() {
            case "http", "https":
                return try remote(url, string)
            case "file":
                guard url.host == nil || url.host == "" || url.host == "localhost", !url.path.isEmpty else { throw unsupported }
                return try local(url.path, string)
            default:
                throw unsupported
            }
        }
        if string.hasPrefix("/") { return try local(string, string) }
        if feedIsRemote {
            guard let url = URL(string: string, relativeTo: feedLocation)?.absoluteURL else { throw unsupported }
            return try remote(url, string)
        }
        return try local(feedLocation.path + "/" + string, string)
    }

    // MARK: Remote

    private func remote(_ url: URL, _ string: String) throws(ImageLoadError) -> ImageLocation {
        guard let host = url.host, !host.isEmpty, ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw ImageLoadError(url: string, reason: .unsupportedURL)
        }
        if feedIsRemote, !allowedHosts.contains(host), Self.isPrivate(host: host) {
            throw ImageLoadError(
                url: string, reason: .refused(path: url.absoluteString, rule: "\(host) is a loopback or private address; a remote feed may not reach it"))
        }
        return .remote(url)
    }

    /// Whether `host` names this machine or a private network: `localhost` names, or a
    /// literal IPv4/IPv6 address in a loopback, private, link-local, shared or unspecified
    /// range. Host names that resolve to such addresses are not caught here.
    static func isPrivate(host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]."))
        if name == "localhost" || name.hasSuffix(".localhost") || name == "localhost.localdomain" { return true }
        var v4 = in_addr()
        // inet_aton also reads the short and numeric forms a resolver accepts (`127.1`, `2130706433`, `0x7f000001`).
        if inet_aton(name, &v4) != 0 { return isPrivate(ipv4: UInt32(bigEndian: v4.s_addr)) }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {  // ::ffff:a.b.c.d
            return isPrivate(ipv4: bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
        }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) { return bytes[15] <= 1 }  // :: and ::1
        if bytes[0] & 0xFE == 0xFC { return true }  // fc00::/7 unique local
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return true }  // fe80::/10 link-local
        return false
    }

    private static func isPrivate(ipv4 address: UInt32) -> Bool {
        func within(_ network: UInt32, _ bits: UInt32) -> Bool { address >> (32 - bits) == network >> (32 - bits) }
        return within(0x0000_0000, 8) || within(0x0A00_0000, 8) || within(0x7F00_0000, 8) || within(0x6440_0000, 10)
            || within(0xA9FE_0000, 16) || within(0xAC10_0000, 12) || within(0xC0A8_0000, 16) || address == 0xFFFF_FFFF
    }

    // MARK: Local

    /// `path` if it lies inside the feed's folder (local feeds) or an allowed folder, both as
    /// written and with symbolic links resolved; the path returned is the resolved one.
    private func local(_ path: String, _ string: String) throws(ImageLoadError) -> ImageLocation {
        let lexical = Self.normalized(path)
        let roots = (feedIsRemote ? [] : [feedLocation]) + allowedFolders
        func refuse(_ shown: String) -> ImageLoadError {
            let allowed = feedIsRemote ? "a remote feed reads no local files" : "outside the feed's folder \(Self.normalized(feedLocation.path))"
            let widened = allowedFolders.isEmpty ? "" : " and the allowed folders"
            return ImageLoadError(url: string, reason: .refused(path: shown, rule: allowed + widened))
        }
        let lexicalRoots = roots.map { Self.normalized($0.path) }
        guard lexicalRoots.contains(where: { Self.path(lexical, isInside: $0) }) else { throw refuse(lexical) }
        // Symbolic links: the folder holding the file, resolved, must still be inside a root,
        // resolved. (The file itself may not be a link: `FileLoader` reads regular files only.)
        let parent = (lexical as NSString).deletingLastPathComponent
        guard let realParent = Self.realPath(parent) else { return .file(path: lexical) }  // no such folder: unreadable
        let resolved = Self.normalized(realParent + "/" + (lexical as NSString).lastPathComponent)
        let realRoots = roots.compactMap { Self.realPath($0.path) }
        guard realRoots.contains(where: { Self.path(resolved, isInside: $0) }) else { throw refuse(resolved) }
        return .file(path: resolved)
    }

    /// `path` made absolute-looking with `.` and `..` applied to the text (never above `/`).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func path(_ path: String, isInside folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The URL scheme `string` starts with (RFC 3986: a letter, then letters, digits, `+`,
    /// `-`, `.`, then `:`), or nil for a path. `javascript:x` and `data:…` are schemes, so
    /// they are refused instead of read as relative file names.
    static func scheme(of string: String) -> Substring? {
        guard let colon = string.firstIndex(of: ":") else { return nil }
        let scheme = string[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first),
            scheme.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return scheme
    }
}
