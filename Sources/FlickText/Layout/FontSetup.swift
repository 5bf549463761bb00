import CPangoCairo
import Foundation

/// Why text could not be set up.
public enum FontSetupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The fontconfig file could not be read or parsed.
    case configUnreadable(path: String)
    /// A pinned family is not installed.
    case fontMissing(family: String)

    public var description: String {
        switch self {
        case .configUnreadable(let path): "cannot load fontconfig file \(path)"
        case .fontMissing(let family):
            "font family \"\(family)\" is not installed (run `make setup`: it installs fonts-noto-cjk and fonts-noto-color-emoji)"
        }
    }
}

/// Installs Flick's pinned fontconfig file (Sources/FlickText/Resources/flick-fonts.conf) as
/// the process's current configuration, once, before any font map exists. Pixels then match
/// on every machine of this kind whatever the system's own fontconfig says.
///
/// `FLICK_FONTCONFIG=/path/file.conf` uses another file; `FLICK_FONTCONFIG=system` keeps
/// the system configuration. Thread-safe; the first caller does the work.
public enum FontSetup {
    /// The families the pinned file promises.
    public static let requiredFamilies = ["Noto Sans CJK SC", "Noto Color Emoji"]

    /// Installs the configuration if not done yet; returns the same result to every caller.
    public static func ensure() throws(FontSetupError) {
        if let error = installed { throw error }
    }

    /// Path of the pinned configuration file shipped with Flick.
    public static var pinnedConfigPath: String? {
        Bundle.module.path(forResource: "flick-fonts", ofType: "conf")
    }

    private static let installed: FontSetupError? = install()

    private static func install() -> FontSetupError? {
        let override = ProcessInfo.processInfo.environment["FLICK_FONTCONFIG"]
        if override == "system" { return checkFamilies() }
        guard let path = override ?? pinnedConfigPath, let config = FcConfigCreate() else {
            return .configUnreadable(path: override ?? "flick-fonts.conf (resource missing)")
        }
        guard FcConfigParseAndLoad(config, path, 1) != 0, addFallbackCacheFolder(to: config), FcConfigBuildFonts(config) != 0
        else {
            FcConfigDestroy(config)
            return .configUnreadable(path: path)
        }
        FcConfigSetCurrent(config)
        FcConfigDestroy(config)  // the current-config slot holds its own reference
        return checkFamilies()
    }

    /// Adds `FontCacheFolder.fallback` as a cache folder when the pinned file's per-user one
    /// cannot apply (no `XDG_CACHE_HOME`, no writable `HOME`). False only if fontconfig
    /// rejects the snippet.
    private static func addFallbackCacheFolder(to config: OpaquePointer) -> Bool {
        guard let folder = FontCacheFolder.fallback() else { return true }
        let escaped = folder.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let snippet = "<?xml version=\"1.0\"?><fontconfig><cachedir>\(escaped)</cachedir></fontconfig>"
        return FcConfigParseAndLoadFromMemory(config, snippet, 1) != 0
    }

    private static func checkFamilies() -> FontSetupError? {
        for family in requiredFamilies where !isInstalled(family) {
            return .fontMissing(family: family)
        }
        return nil
    }

    private static func isInstalled(_ family: String) -> Bool {
        guard let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        guard let objects = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let fonts = FcFontList(nil, pattern, objects) else { return false }
        defer { FcFontSetDestroy(fonts) }
        return fonts.pointee.nfont > 0
    }
}
