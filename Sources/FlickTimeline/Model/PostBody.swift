import Foundation

/// The fields a post and a retweeted original share, as the feed validator and the store's
/// record decoder read them, before either value is built. One type, so both decoders fill
/// the same fields and build posts the same way.
struct PostBody {
    var id: String
    var createdAt: Date
    var source: String?
    var user: User
    var text: String
    var pics: [Picture]
    var reposts: Int
    var comments: Int
    var likes: Int
}

extension RetweetedPost {
    init(_ body: PostBody) {
        self.init(
            id: body.id, createdAt: body.createdAt, source: body.source, user: body.user, text: body.text,
            pics: body.pics, reposts: body.reposts, comments: body.comments, likes: body.likes)
    }
}

extension Post {
    init(_ body: PostBody, retweeted: RetweetedPost?) {
        self.init(
            id: body.id, createdAt: body.createdAt, source: body.source, user: body.user, text: body.text,
            pics: body.pics, reposts: body.reposts, comments: body.comments, likes: body.likes, retweeted: retweeted)
    }
}
