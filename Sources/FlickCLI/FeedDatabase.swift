import ArgumentParser
import FlickTimeline
import Foundation

/// Where a command's feed database is: the one the user named (a feed.sqlite or a folder
/// holding one), or a default feed generated once into `defaultFolder` and reused after.
struct FeedDatabase {
    /// `--feed`/`--db` as given, if any.
    let given: String?
    let defaultFolder: String
    let posts: Int
    /// Draw and write the image pool too (the demo and the benchmark load it).
    let withImages: Bool

    func path() throws -> String {
        if let given {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: given, isDirectory: &isFolder) else {
                throw ValidationError("no feed at \(given)")
            }
            return isFolder.boolValue ? URL(fileURLWithPath: given).appendingPathComponent("feed.sqlite").path : given
        }
        let folder = URL(fileURLWithPath: defaultFolder, isDirectory: true)
        let database = folder.appendingPathComponent("feed.sqlite").path
        if !FileManager.default.fileExists(atPath: database) {
            FileHandle.standardError.write(Data("flick: generating \(posts) posts in \(folder.path) (once)\n".utf8))
            _ = try Generate.writeFeed(posts: posts, seed: 1, into: folder, images: withImages, json: false)
        } else if withImages, !FileManager.default.fileExists(atPath: folder.appendingPathComponent("images").path) {
            // A feed generated without its pictures (same names, same seed): draw them now.
            FileHandle.standardError.write(Data("flick: drawing the image pool into \(folder.path) (once)\n".utf8))
            _ = try ImagePoolGenerator(seed: 1).write(into: folder)
        }
        return database
    }
}
