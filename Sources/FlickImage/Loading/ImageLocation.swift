import Foundation

/// Where an image URL points, decided once before any I/O by `ImageAccessPolicy.resolve`:
/// a local file the policy allows, or a remote resource. Only regular files are read
/// (`FileLoader`), so a path to a device or a pipe fails instead of blocking a worker.
enum ImageLocation: Hashable, Sendable {
    case file(path: String)
    case remote(URL)
}
