/// The paragraphs `flick demo` and `flick render-text` show by default: every kind of rich
/// text token, CJK mixed with Latin, colour emoji sequences, and a long URL.
enum SampleText {
    static let paragraphs = [
        "今天天气不错 @小明Alice 看看 #Swift on Linux# 的新进展 https://www.swift.org/blog/swift-on-linux/ [微笑][赞] 😀",
        "VVebo 的思路：异步绘制整个 cell，滑动时按需加载，只画停下来的那几行。Flick draws whole cells off the main thread 🚀 #性能优化#",
        "Emoji: 👨‍👩‍👧‍👦 👍🏽 🇨🇳 🇯🇵 1️⃣ ❤️ [doge][笑cry] — and an unknown [表情] stays text, #unmatched too.",
        "@bob_42 mail me at bob@example.com or see https://example.com/a#frag?x=1，谢谢！",
    ]
}
