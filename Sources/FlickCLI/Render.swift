import ArgumentParser
import FlickCore
import FlickImage
import FlickRaster
import FlickText
import FlickTimeline
import Foundation

/// `flick render`: one post's cell as a PNG, and its height.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one post's cell to a PNG and print height=<points>.",
        discussion: "Reads a feed JSON or a feed.sqlite. Skipped posts are reported on stderr, one line each.")

    @Option(help: "Feed: a .json file in the feed format or a feed.sqlite made by `flick generate`.")
    var feed: String

    @Option(help: "Post id.")
    var id: String

    @Option(help: "Cell width in points.")
    var width: Double = 375

    @Option(help: "Display scale.")
    var scale: Double = 2

    @Option(help: "Font scale (accessibility sizes).")
    var fontScale: Double = 1

    @Flag(help: "Decode the avatar and pictures (synchronously) and draw them into the cell.")
    var images = false

    @Flag(help: "Render the skeleton instead of the full cell.")
    var skeleton = false

    @Option(help: "Output PNG path.")
    var out: String = "out/cell.png"

    @Flag(help: "Print how long laying out and drawing the cell took (layout=… ms draw=… ms) on stderr.")
    var timings = false

    func validate() throws {
        try OptionLimits.check(width, in: OptionLimits.cellWidths, option: "--width")
        try OptionLimits.check(scale, in: OptionLimits.renderScales, option: "--scale")
        try OptionLimits.check(fontScale, in: 0.5...3, option: "--font-scale")
    }

    func run() throws {
        let source = try FeedSource(path: feed)
        for warning in source.warnings {
            let effect = warning.effect == .repaired ? "repaired" : "skipped"
            FileHandle.standardError.write(Data("\(effect) \(warning)\n".utf8))
        }
        guard let post = try source.post(id: id) else {
            throw ValidationError("no post with id \"\(id)\" in \(feed)")
        }
        let context = try TextContext()
        let displayScale = DisplayScale(scale)
        // Warm the worker's fonts first, so the timings below are the post's own cost.
        if timings { _ = context.layout(parsing: "warm 字 😀", style: TextStyle(), width: width) }
        let warmBytes = context.pangoInputBytes
        let layoutStart = DispatchTime.now().uptimeNanoseconds
        let layout = PostLayouter().layout(post, width: width, scale: displayScale, fontScale: fontScale, context: context)
        let drawStart = DispatchTime.now().uptimeNanoseconds
        let renderer = PostRenderer()
        let bitmap: Bitmap
        if skeleton {
            bitmap = renderer.renderSkeleton(layout)
        } else if images {
            // The pipeline's synchronous path: the same URL rules, limits and processing as the
            // list's images, on this thread, no cache.
            var configuration = ImagePipeline.Configuration()
            configuration.baseFolder = source.folder
            let pipeline = try ImagePipeline(configuration: configuration)
            var decoded: [ImageSlot.Role: Bitmap] = [:]
            for slot in layout.imageSlots {
                let request = ImageRequest(url: slot.url, pointSize: slot.frame.size, scale: displayScale, processors: slot.processors)
                switch pipeline.loadSynchronously(request) {
                case .success(let image): decoded[slot.role] = image
                case .failure(let error): FileHandle.standardError.write(Data((FeedWarning.escaped("post \(post.id): \(error)") + "\n").utf8))
                }
            }
            bitmap = renderer.render(layout, images: decoded)
        } else {
            bitmap = renderer.render(layout)
        }
        if timings {
            let drawEnd = DispatchTime.now().uptimeNanoseconds
            let milliseconds = { (nanoseconds: UInt64) in String(format: "%.2f", Double(nanoseconds) / 1e6) }
            let line = "layout=\(milliseconds(drawStart - layoutStart)) ms draw=\(milliseconds(drawEnd - drawStart)) ms"
                + " pango-bytes=\(context.pangoInputBytes - warmBytes)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
        try OutputFile.write(try bitmap.pngData(), to: out)
        print("height=\(layout.height)")
    }
}
