import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where fontconfig keeps the cache of Flick's pinned fonts. The pinned file names one
/// folder, `<cachedir prefix="xdg">flick-fontconfig</cachedir>`: `$XDG_CACHE_HOME` or
/// `~/.cache`, per user. A fixed folder in a shared place (`/tmp/...`) would let another
/// local user plant cache files — and through them font files FreeType then parses in every
/// Flick process — or fill it.
///
/// When neither `XDG_CACHE_HOME` nor a writable `HOME` exists (a service account, a
/// sandbox), `fallback` names a private folder instead — `$XDG_RUNTIME_DIR/flick-fontconfig`,
/// else `<temporary folder>/flick-fontconfig-<uid>` — used only when it is a real folder
/// (not a link) owned by this user that no one else may enter; created with mode 0700 when
/// missing. With none of them, fontconfig keeps no cache and scans the pinned font folders
/// at each start (correct, slower). Pure apart from the folder checks; any thread.
public enum FontCacheFolder {
    /// The folder name, as in `flick-fonts.conf`.
    public static let name = "flick-fontconfig"

    /// The private folder to add as a `cachedir`, or nil when the XDG one applies or no
    /// safe folder exists. `environment` is the process environment.
    public static func fallback(
        environment: [String: String] = ProcessInfo.processInfo.environment, userID: uid_t = geteuid()
    ) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return nil }
        if let home = environment["HOME"], home.hasPrefix("/"), access(home, W_OK) == 0 { return nil }
        var candidates: [String] = []
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            candidates.append(runtime + "/" + name)
        }
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        candidates.append(temporary + "/\(name)-\(userID)")
        return candidates.first { isPrivate($0, userID: userID, create: true) }
    }

    /// Whether `path` is a folder (not a symbolic link) owned by `userID` with no access
    /// for group or others; created with mode 0700 first when `create` and it is missing.
    public static func isPrivate(_ path: String, userID: uid_t, create: Bool) -> Bool {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard create, errno == ENOENT, mkdir(path, 0o700) == 0 || errno == EEXIST else { return false }
            guard lstat(path, &info) == 0 else { return false }
        }
        return (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == userID && (info.st_mode & 0o077) == 0
    }
}
