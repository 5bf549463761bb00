import Flick
import Foundation

/// One message of a conversation. Value; any thread.
public struct ChatMessage: Hashable, Sendable {
    public let id: String
    public let author: String
    /// Sent by the reader (right side) or by the other person (left side).
    public let mine: Bool
    /// Rich text: @mentions, #topics#, URLs, [emoticons] and emoji are parsed as in the timeline.
    public let text: String
    public let sent: Date
    /// A picture in the bubble (a path or URL the image pipeline loads), if any.
    public let photo: String?

    public init(id: String, author: String, mine: Bool, text: String, sent: Date, photo: String? = nil) {
        self.id = id
        self.author = author
        self.mine = mine
        self.text = text
        self.sent = sent
        self.photo = photo
    }

    /// The same message with more text (a reply still being typed, or streamed in).
    public func growing(by more: String) -> ChatMessage {
        ChatMessage(id: id, author: author, mine: mine, text: text + more, sent: sent, photo: photo)
    }
}

/// A day separator: the sticky header of that day's messages.
public struct ChatDay: Hashable, Sendable {
    /// Days since 1970 (UTC), the separator's identity.
    public let day: Int
    public let label: String

    public init(day: Int, label: String) {
        self.day = day
        self.label = label
    }
}
