/// Text from the network made safe to print on a terminal or draw in a footer.
public enum PrintableText {
    /// `text` with control characters (C0, DEL, C1, which could move the cursor or retitle the
    /// window) and the bidirectional embeddings, overrides and isolates that reorder what a
    /// terminal shows (U+202A–202E, U+2066–2069) as `\u{…}` escapes; everything else stays.
    /// Pure; any thread.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
            {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
