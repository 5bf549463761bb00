import FuzzDriver

runLibFuzzer(fuzz) {
    // First byte: shape and width (see `fuzz`); then the text. Ordinary timeline text and the
    // pathological shapes of issue #14 (kept small: the fuzzer grows them).
    let texts: [(String, UInt8, String)] = [
        ("body", 1, "@Kate 早上好 #周末去哪儿# 看这里 https://t.example/a?b=1 [笑哈哈] 🇨🇳👩‍👩‍👧 done"),
        ("name", 0, "Kate 🐱 the ✓verified"),
        ("url-brackets", 1, "see http://x.example/" + String(repeating: ")", count: 300)),
        ("combining", 7, "e" + String(repeating: "\u{301}", count: 200) + " ok"),
        ("rtl", 4, "\u{202E}abc @\u{202D}def #x\u{202C}y# [哈"),
        ("no-breaks", 13, String(repeating: "中", count: 400)),
        ("tokens", 2, "@@@@ ## #a#b#c# [[[]]] http:// https://a.b/[c] @" + String(repeating: "m", count: 40)),
    ]
    var seeds: [String: [UInt8]] = [:]
    for (name, selector, text) in texts { seeds["\(name).txt"] = [selector] + Array(text.utf8) }
    return seeds
}
