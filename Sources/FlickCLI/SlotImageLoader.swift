import FlickCore
import FlickRaster
import FlickTimeline
import Foundation

/// Loads a cell's images synchronously from local files, for `flick render --images`:
/// relative URLs resolve against the feed's folder, `file://` URLs are used as they are.
/// (The asynchronous pipeline with HTTP, caches and priorities is FlickImage's job.)
struct SlotImageLoader {
    let baseFolder: URL

    enum Failure: Error, CustomStringConvertible {
        case unsupportedURL(String)
        case unreadable(String)
        case decoding(ImageDecodingError)

        var description: String {
            switch self {
            case .unsupportedURL(let url): "only relative and file:// URLs load here: \(url)"
            case .unreadable(let path): "cannot read \(path)"
            case .decoding(let error): "\(error)"
            }
        }
    }

    func load(_ slot: ImageSlot, scale: DisplayScale) -> Result<Bitmap, Failure> {
        let path: String
        if slot.url.hasPrefix("file://") {
            path = URL(string: slot.url)?.path ?? ""
        } else if slot.url.contains("://") {
            return .failure(.unsupportedURL(slot.url))
        } else {
            path = baseFolder.appendingPathComponent(slot.url).standardizedFileURL.path
        }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.unreadable(path)) }
        do {
            let decoded = try ImageDecoder.decode(
                [UInt8](data), options: DecodeOptions(target: .fill(slot.pixelSize), scale: scale))
            return .success(ImageProcessor.apply(slot.processors, to: decoded))
        } catch {
            return .failure(.decoding(error))
        }
    }
}
