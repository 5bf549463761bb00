import FlickCore
import FlickText

extension PostLayout {
    /// Every tappable target of the cell, most specific first (the order `hit(at:)` tries
    /// them): links in the texts, the avatar, pictures, counters, the more button, the name.
    /// Any thread.
    public var targets: [PostHit] {
        var all: [PostHit] = []
        for (region, placed) in texts {
            guard let region else { continue }
            all += placed.layout.text.links.map { .link($0, region) }
        }
        all.append(.avatar)
        var roles: [ImageSlot.Role] = []
        for slot in imageSlots where slot.role != .avatar && !roles.contains(slot.role) { roles.append(slot.role) }
        all += roles.map { .picture($0) }
        all += counters.map { .counter($0.kind) }
        all += [.more, .name]
        return all
    }

    /// What a tap on `target` is about, for people and reports: "mention @alice in post 42".
    /// Any thread.
    public func describe(_ target: PostHit) -> String {
        let post = "post \(key.postID)"
        switch target {
        case .link(let run, let region):
            let text = placedText(region).map { $0.layout.text.text(of: run) } ?? run.target
            switch run.kind {
            case .mention: return "mention \(text) in \(post)"
            case .topic: return "topic \(text) in \(post)"
            case .url: return "link \(run.target.isEmpty ? text : run.target) in \(post)"
            case .fullText: return "全文 (full text) of \(post)"
            default: return "\(text) in \(post)"
            }
        case .avatar: return "avatar of \(name.layout.text.displayText)"
        case .name: return "name \(name.layout.text.displayText)"
        case .picture(let role): return "picture \(role) of \(post)"
        case .counter(let kind): return "\(kind) of \(post)"
        case .more: return "more menu of \(post)"
        }
    }

    /// What assistive technology calls `target`: a link by its words ("@alice", "#topic#"), a
    /// URL by its full address, anything else as `describe` says it. Any thread.
    public func accessibleName(of target: PostHit) -> String {
        guard case .link(let run, let region) = target else { return describe(target) }
        let text = placedText(region).map { $0.layout.text.text(of: run) } ?? run.target
        switch run.kind {
        case .url: return run.target.isEmpty ? text : run.target
        case .fullText: return "全文, full text"
        default: return text
        }
    }

    /// The text a link region refers to.
    public func placedText(_ region: TextRegion) -> PlacedText? {
        switch region {
        case .name: name
        case .body: body
        case .retweet: retweet?.text
        }
    }

    /// The boxes (cell points) `target` covers: where its pressed highlight goes.
    public func rects(of target: PostHit) -> [Rect] {
        switch target {
        case .link(let run, let region):
            guard let placed = placedText(region) else { return [] }
            return placed.layout.rects(for: run.displayRange).map { $0.offsetBy(dx: placed.frame.minX, dy: placed.frame.minY) }
        case .avatar: return [avatarFrame]
        case .picture(let role): return imageSlots.filter { $0.role == role }.map(\.frame)
        case .counter(let kind): return counters.filter { $0.kind == kind }.map(\.hitFrame)
        case .more: return [moreFrame]
        case .name: return [name.frame]
        }
    }

    /// The boxes (cell points) where `query` matches the post's texts — name, body and
    /// retweeted text — as laid out: the find highlight's. An emoticon drawn as a picture is
    /// not text here, so a match inside its code is found but not boxed. Any thread.
    public func rects(matching query: SearchQuery) -> [Rect] {
        texts.flatMap { _, placed -> [Rect] in
            let text = placed.layout.text.displayText
            return query.ranges(in: text).flatMap { range -> [Rect] in
                let bytes = text.utf8.distance(from: text.startIndex, to: range.lowerBound)..<text.utf8.distance(from: text.startIndex, to: range.upperBound)
                return placed.layout.rects(for: bytes).map { $0.offsetBy(dx: placed.frame.minX, dy: placed.frame.minY) }
            }
        }
    }
}
