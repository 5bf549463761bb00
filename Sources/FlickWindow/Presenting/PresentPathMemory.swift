import Foundation

/// What `auto` learned about a display's OpenGL the last time, so a window opening on the same
/// display does not load OpenGL again only to be told it is a CPU rasterizer.
///
/// Asking costs: SDL's OpenGL renderer loads Mesa's driver and, under a CPU rasterizer, LLVM —
/// measured under Xvfb at ~120 ms of the window's start and 50 MB resident for the rest of the
/// process (a driver once loaded stays mapped). The answer (`GL_RENDERER`) is kept in
/// `$XDG_CACHE_HOME/flick/present-path` (or `~/.cache/…`), keyed by what would change it: the
/// video driver, the X server's vendor and release, and when the system's DRI drivers last
/// changed (a driver upgrade or a new GPU package). A key that differs, or no file, asks again.
/// Values only; any thread. A file that cannot be read or written is a miss, never an error.
struct PresentPathMemory: Hashable, Sendable {
    /// What the answer depends on.
    let key: String
    let file: URL

    /// The memory for `key` in the user's cache folder, or in `folder`.
    init(key: String, folder: URL? = nil) {
        self.key = key
        file = (folder ?? Self.defaultFolder).appendingPathComponent("present-path")
    }

    static var defaultFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg).appendingPathComponent("flick") }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/flick")
    }

    /// The key for a window on `videoDriver` whose X server says `vendor` and `release`.
    static func key(videoDriver: String, vendor: String?, release: Int?) -> String {
        let drivers = ["/usr/lib/x86_64-linux-gnu/dri", "/usr/lib/aarch64-linux-gnu/dri", "/usr/lib/dri", "/usr/lib64/dri"]
        let changed = drivers.compactMap { path -> String? in
            guard let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { return nil }
            return "\(path)@\(Int(date.timeIntervalSince1970))"
        }
        return [videoDriver, vendor ?? "-", release.map(String.init) ?? "-", changed.joined(separator: ",")].joined(separator: "|")
    }

    /// The `GL_RENDERER` remembered for this key, if any.
    func recall() -> String? {
        guard let data = try? Data(contentsOf: file), data.count < 4096 else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2, lines[0] == key, !lines[1].isEmpty else { return nil }
        return lines[1]
    }

    /// Remembers `glRenderer` for this key (best effort: written whole, then renamed).
    func remember(_ glRenderer: String) {
        guard !glRenderer.contains("\n"), glRenderer.utf8.count < 1024 else { return }
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent("present-path.\(getpid()).tmp")
        guard (try? Data("\(key)\n\(glRenderer)\n".utf8).write(to: temporary)) != nil else { return }
        if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }
}
