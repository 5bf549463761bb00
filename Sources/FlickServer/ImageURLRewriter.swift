import FlickTimeline
import Foundation

/// Makes a post's relative image URLs (`images/a17.jpg`, relative to the feed folder)
/// absolute on the server (`http://127.0.0.1:PORT/images/a17.jpg`), so a client loads them
/// from the server that sent the page. Absolute URLs are left as they are. Pure.
struct ImageURLRewriter: Sendable {
    /// `http://host:port/` — the feed folder's place on the server.
    let root: URL

    func rewrite(_ post: Post) -> Post {
        let retweeted = post.retweeted.map { original in
            RetweetedPost(
                id: original.id, createdAt: original.createdAt, source: original.source, user: rewrite(original.user),
                text: original.text, pics: original.pics.map(rewrite), reposts: original.reposts,
                comments: original.comments, likes: original.likes)
        }
        return Post(
            id: post.id, createdAt: post.createdAt, source: post.source, user: rewrite(post.user), text: post.text,
            pics: post.pics.map(rewrite), reposts: post.reposts, comments: post.comments, likes: post.likes,
            retweeted: retweeted)
    }

    private func rewrite(_ user: User) -> User {
        User(id: user.id, name: user.name, avatar: user.avatar.map(absolute), verified: user.verified)
    }

    private func rewrite(_ picture: Picture) -> Picture {
        Picture(url: absolute(picture.url), width: picture.width, height: picture.height)
    }

    /// `url` resolved against `root` when it has no scheme; unchanged otherwise (and when it
    /// is not a URL at all: the client reports it).
    func absolute(_ url: String) -> String {
        guard let parsed = URL(string: url), parsed.scheme == nil,
            let resolved = URL(string: url, relativeTo: root)?.absoluteString
        else { return url }
        return resolved
    }
}
