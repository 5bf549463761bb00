import Foundation

/// Where an image URL points, decided once before any I/O: a local file or a remote resource.
/// Anything else (empty strings, unknown schemes, `file://` with a host) is refused with
/// `.unsupportedURL`. Local paths may point anywhere readable (feeds name their files by
/// absolute `file://` URLs too), but only regular files are read (`FileLoader`), so a path
/// to a device or a pipe fails instead of blocking a worker.
enum ImageLocation: Hashable, Sendable {
    case file(path: String)
    case remote(URL)

    init(_ string: String, baseFolder: URL) throws(ImageLoadError) {
        let refused = ImageLoadError(url: string, reason: .unsupportedURL)
        guard !string.isEmpty, !string.contains("\0") else { throw refused }
        if let schemeEnd = string.range(of: "://") {
            let scheme = string[..<schemeEnd.lowerBound].lowercased()
            guard let url = URL(string: string) else { throw refused }
            switch scheme {
            case "http", "https":
                guard let host = url.host, !host.isEmpty else { throw refused }
                self = .remote(url)
            case "file":
                guard url.host == nil || url.host == "" || url.host == "localhost", !url.path.isEmpty else { throw refused }
                self = .file(path: url.path)
            default:
                throw refused
            }
        } else if string.hasPrefix("/") {
            self = .file(path: string)
        } else {
            self = .file(path: baseFolder.appendingPathComponent(string).standardizedFileURL.path)
        }
    }
}
