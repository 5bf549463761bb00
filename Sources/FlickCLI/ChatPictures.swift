import Flick
import Foundation

/// The pictures some chat bubbles show: the demo feed's generated image pool, loaded through an
/// image pipeline rooted at the feed's folder. Shared by `flick demo --client chat` and the
/// chat benchmark.
struct ChatPictures {
    let pipeline: ImagePipeline
    /// Paths relative to the folder (`images/p…`).
    let photos: [String]

    init(folder: URL) throws {
        var configuration = ImagePipeline.Configuration()
        configuration.baseFolder = folder
        pipeline = try ImagePipeline(configuration: configuration)
        photos = ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("images").path)) ?? [])
            .filter { $0.hasPrefix("p") }.sorted().map { "images/" + $0 }
    }
}
