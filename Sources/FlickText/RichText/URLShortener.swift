/// How a URL is shown in body text: scheme and `www.` dropped, cut with "…" past a limit, so
/// a 5,000-character link costs one short run instead of lines of noise.
public struct URLShortener: Hashable, Sendable {
    /// Characters shown at most, ellipsis included. Default 28: host plus a short path fits one
    /// third of a phone line at 15 pt.
    public var maxCharacters: Int

    public init(maxCharacters: Int = 28) {
        self.maxCharacters = max(2, maxCharacters)
    }

    public func display(_ url: String) -> String {
        var text = Substring(url)
        for scheme in ["https://", "http://"] where text.lowercased().hasPrefix(scheme) {
            text = text.dropFirst(scheme.count)
            break
        }
        if text.lowercased().hasPrefix("www.") { text = text.dropFirst(4) }
        if text.hasSuffix("/") { text = text.dropLast() }
        if text.isEmpty { return url }
        guard text.count > maxCharacters else { return String(text) }
        return String(text.prefix(maxCharacters - 1)) + "…"
    }
}
