import FlickCore
import FlickList
import FlickRaster
import Foundation

/// Changes a live timeline the way a feed does — new posts on top, deletions, moves, edits —
/// for scripts (`insert`, `delete`, `move`, `edit`) and the benchmark's live family. New posts
/// come from the feed generator (with the feed's own images); an edit makes a new version of a
/// post whose text is longer or shorter, so its height changes. Main thread: it changes the
/// timeline's rows and returns what changed for `ListEngine.apply(_:)`.
@MainActor
public final class TimelineEditor: ListEditing {
    public let rows: TimelineRows
    private let generator: PostContentGenerator
    private var made = 0

    /// - Parameters:
    ///   - images: what new posts' avatars and pictures point at; default: the images of the
    ///     store's first posts, so new posts look like the rest of the feed.
    public init(source pages: TimelinePages, seed: UInt64 = 0x11FE, images: ImagePool? = nil) {
        rows = pages.rows
        let pool = images ?? Self.images(of: (try? pages.store.posts(in: 0..<64)) ?? [])
        generator = PostContentGenerator(seed: seed, images: pool, newest: Date())
    }

    public func perform(_ edit: ListEdit) -> ListChanges? {
        let count = rows.count
        switch edit {
        case .insert(let row, let added):
            guard row <= count else { return nil }
            rows.insert((0..<added).map { _ in newPost() }, at: row)
            return .inserting(added, at: row, into: count)
        case .delete(let row, let removed):
            guard row < count else { return nil }
            let range = row..<min(count, row + removed)
            rows.remove(range)
            return .deleting(range, from: count)
        case .move(let from, let to):
            guard from < count, to < count, from != to else { return nil }
            rows.move(from: from, to: to)
            return .moving(from: from, to: to, count: count)
        case .edit(let row):
            guard row < count, let post = rows.post(atRow: row) ?? rows.loadPost(atRow: row) else { return nil }
            rows.replace(at: row, with: edited(post))
            return .reloading([row], count: count)
        }
    }

    /// A generated post with an id no feed post has.
    private func newPost() -> Post {
        made += 1
        let content = generator.post(made)
        return Post(
            id: "live-\(made)", createdAt: Date(), source: content.source, user: content.user, text: content.text,
            pics: content.pics, reposts: content.reposts, comments: content.comments, likes: content.likes,
            retweeted: content.retweeted)
    }

    /// The same post, edited: a long text cut short, a short one grown by two paragraphs.
    private func edited(_ post: Post) -> Post {
        made += 1
        let text =
            post.text.count > 200
            ? String(post.text.prefix(20))
            : post.text + "\n" + generator.post(made).text + "\n(edited)"
        return Post(
            id: post.id, createdAt: post.createdAt, source: post.source, user: post.user, text: text, pics: post.pics,
            reposts: post.reposts, comments: post.comments, likes: post.likes, retweeted: post.retweeted)
    }

    /// The avatars and pictures `posts` use, as a pool for generated posts.
    static func images(of posts: [Post]) -> ImagePool {
        func entry(_ url: String, _ width: Int?, _ height: Int?) -> ImagePool.Entry {
            let format: ImageFormat = url.hasSuffix(".png") ? .png : url.hasSuffix(".webp") ? .webp : .jpeg
            return ImagePool.Entry(url: url, pixelSize: PixelSize(width: width ?? 360, height: height ?? 360), format: format)
        }
        var avatars = Set<String>()
        var pictures: [String: ImagePool.Entry] = [:]
        for post in posts {
            if let avatar = post.user.avatar { avatars.insert(avatar) }
            for picture in post.pics + (post.retweeted?.pics ?? []) {
                pictures[picture.url] = entry(picture.url, picture.width, picture.height)
            }
        }
        return ImagePool(
            avatars: avatars.sorted().map { entry($0, 120, 120) },
            pictures: pictures.keys.sorted().compactMap { pictures[$0] })
    }
}
