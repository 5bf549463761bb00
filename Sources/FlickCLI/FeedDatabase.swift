import ArgumentParser
import FlickTimeline
import Foundation

/// Where a command's feed database is: the one the user named (a feed.sqlite or a folder
/// holding one), or a default feed generated once into `defaultFolder` and reused after.
///
/// Generating is atomic: the feed (and its images) are written into a scratch folder beside
/// `defaultFolder` and moved in when complete, `feed.sqlite` last and flushed to disk first,
/// so an interrupted first run (Ctrl-C, a crash, a power cut) leaves no partial feed that
/// later runs would reuse; the next run starts over.
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
        let images = folder.appendingPathComponent("images")
        if !FileManager.default.fileExists(atPath: database) {
            FileHandle.standardError.write(Data("flick: generating \(posts) posts in \(folder.path) (once)\n".utf8))
            try inScratchFolder(beside: folder) { scratch in
                _ = try Generate.writeFeed(posts: posts, seed: 1, into: scratch, images: withImages, json: false)
            }
        } else if withImages, !FileManager.default.fileExists(atPath: images.path) {
            // A feed generated without its pictures (same names, same seed): draw them now.
            FileHandle.standardError.write(Data("flick: drawing the image pool into \(folder.path) (once)\n".utf8))
            try inScratchFolder(beside: folder) { scratch in _ = try ImagePoolGenerator(seed: 1).write(into: scratch) }
        }
        return database
    }

    /// Runs `write` into a new scratch folder beside `folder`, then moves what it wrote into
    /// `folder`: `images` first (unless `folder` has one), `feed.sqlite` last (after an
    /// fsync), each by `rename`, which is atomic. The scratch folder is removed either way.
    func inScratchFolder(beside folder: URL, _ write: (URL) throws -> Void) throws {
        let files = FileManager.default
        let scratch = folder.deletingLastPathComponent()
            .appendingPathComponent(".\(folder.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)")
        try? files.removeItem(at: scratch)
        try files.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: scratch) }
        try write(scratch)
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        let images = folder.appendingPathComponent("images")
        let newImages = scratch.appendingPathComponent("images")
        if files.fileExists(atPath: newImages.path), !files.fileExists(atPath: images.path) {
            try files.moveItem(at: newImages, to: images)
        }
        let newDatabase = scratch.appendingPathComponent("feed.sqlite")
        guard files.fileExists(atPath: newDatabase.path) else { return }
        let handle = try FileHandle(forUpdating: newDatabase)
        try handle.synchronize()  // written with synchronous=OFF: on disk before it counts as done
        try handle.close()
        try files.moveItem(at: newDatabase, to: folder.appendingPathComponent("feed.sqlite"))
    }
}
