import FlickText
import Foundation
import Testing

/// Where fontconfig caches Flick's fonts: per user, never a fixed folder in /tmp.
@Suite("Font cache folder")
struct FontCacheFolderTests {
    let directory = ScratchDirectory()

    /// Before: the pinned file also named `/tmp/flick-fontconfig-cache`, a folder any local
    /// user could create first and fill with cache files pointing at fonts of their choice.
    @Test func thePinnedConfigurationNamesNoSharedCacheFolder() throws {
        let path = try #require(FontSetup.pinnedConfigPath)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let cacheDirs = text.components(separatedBy: "\n").filter { $0.contains("<cachedir") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cacheDirs == [#"<cachedir prefix="xdg">flick-fontconfig</cachedir>"#], "\(cacheDirs)")
    }

    @Test func theXDGCacheIsUsedWhenTheUserHasOne() {
        #expect(FontCacheFolder.fallback(environment: ["XDG_CACHE_HOME": "/home/a/.cache"], userID: 1000) == nil)
        #expect(FontCacheFolder.fallback(environment: ["HOME": directory.url.path], userID: geteuid()) == nil)
    }

    /// No usable home (a service account: HOME=/nonexistent): a private folder of this user.
    @Test func withoutAHomeAPrivateFolderIsMadeAndCheckedAsTheUsers() throws {
        let runtime = directory.path("runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        let environment = ["HOME": "/nonexistent", "XDG_RUNTIME_DIR": runtime, "TMPDIR": directory.url.path]
        let folder = try #require(FontCacheFolder.fallback(environment: environment, userID: geteuid()))
        #expect(folder == runtime + "/flick-fontconfig")
        var info = stat()
        #expect(lstat(folder, &info) == 0 && info.st_mode & 0o777 == 0o700)
        // A folder another user owns, one others may enter, or a link is never used.
        #expect(!FontCacheFolder.isPrivate(folder, userID: geteuid() &+ 1, create: false))
        let open = directory.path("open")
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
        chmod(open, 0o777)
        #expect(!FontCacheFolder.isPrivate(open, userID: geteuid(), create: false))
        let link = directory.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
        #expect(!FontCacheFolder.isPrivate(link, userID: geteuid(), create: false))
        // With the runtime folder taken by a link, the per-user folder in TMPDIR is next.
        let taken = ["HOME": "/nonexistent", "XDG_RUNTIME_DIR": directory.path("elsewhere"), "TMPDIR": directory.url.path]
        try FileManager.default.createDirectory(atPath: directory.path("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("elsewhere/flick-fontconfig"), withDestinationPath: open)
        #expect(FontCacheFolder.fallback(environment: taken, userID: geteuid()) == directory.url.path + "/flick-fontconfig-\(geteuid())")
    }
}
