/// Weibo-style `[shortcode]` emoticons and the emoji each is shown as.
///
/// A shortcode not in the table stays plain text, brackets included.
public struct EmoticonTable: Sendable {
    public let entries: [String: String]

    public init(entries: [String: String]) {
        self.entries = entries
    }

    /// The emoji for `shortcode` (without brackets), or `nil`.
    public func emoji(for shortcode: String) -> String? { entries[shortcode] }

    /// The default table: common Weibo shortcodes.
    public static let standard = EmoticonTable(entries: [
        "微笑": "🙂", "嘻嘻": "😁", "哈哈": "😄", "爱你": "🥰", "挖鼻": "🤏", "吃惊": "😲",
        "晕": "😵", "泪": "😢", "馋嘴": "🤤", "抓狂": "😫", "哼": "😤", "可爱": "😊",
        "怒": "😠", "汗": "😓", "害羞": "😳", "睡": "😴", "钱": "🤑", "偷笑": "🤭",
        "笑cry": "😂", "doge": "🐶", "喵喵": "🐱", "二哈": "🐺", "酷": "😎", "衰": "😞",
        "闭嘴": "🤐", "鄙视": "😒", "色": "😍", "鼓掌": "👏", "悲伤": "😭", "思考": "🤔",
        "生病": "🤒", "亲亲": "😘", "怒骂": "🤬", "太开心": "😆", "白眼": "🙄", "右哼哼": "😤",
        "左哼哼": "😤", "嘘": "🤫", "委屈": "🥺", "吐": "🤮", "可怜": "🥹", "打哈气": "🥱",
        "挤眼": "😉", "失望": "😞", "顶": "👆", "疑问": "❓", "困": "😪", "感冒": "😷",
        "拜拜": "👋", "黑线": "😑", "阴险": "😏", "互粉": "🤝", "心": "❤️", "伤心": "💔",
        "猪头": "🐷", "熊猫": "🐼", "兔子": "🐰", "握手": "🤝", "作揖": "🙏", "赞": "👍",
        "耶": "✌️", "good": "👍", "弱": "👎", "NO": "🙅", "ok": "👌", "haha": "😄",
        "来": "🫴", "威武": "💪", "鲜花": "🌹", "钟": "⏰", "浮云": "☁️", "飞机": "✈️",
        "月亮": "🌙", "太阳": "☀️", "微风": "🍃", "下雨": "🌧️", "给力": "💯", "蛋糕": "🎂",
        "礼物": "🎁", "干杯": "🍻", "围观": "👀", "威武霸气": "🦁", "奥特曼": "🦸", "草泥马": "🦙",
        "允悲": "🥲", "费解": "😕", "憧憬": "🤩", "并不简单": "🧐", "awsl": "😇", "裂开": "💥",
    ])
}
