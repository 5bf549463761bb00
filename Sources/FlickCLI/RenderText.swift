import ArgumentParser
import FlickCore
import FlickRaster
import FlickText

/// `flick render-text`: lays out and draws rich text into a PNG.
struct RenderText: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-text", abstract: "Render rich text (mentions, topics, URLs, emoticons, emoji) to a PNG.")

    @Option(help: "Text to render; repeat for several paragraphs. Default: Flick's sample paragraphs.")
    var text: [String] = []

    @Option(help: "Width in points.")
    var width: Double = 375

    @Option(help: "Display scale (device pixels per point).")
    var scale: Double = 2

    @Option(help: "Highlight the first link of each paragraph, as if pressed.")
    var highlight = false

    @Option(help: "Output PNG path.")
    var out: String = "out/rich-text.png"

    func run() throws {
        guard width > 0, width <= 4000 else { throw ValidationError("--width must be in 1…4000 points, got \(width)") }
        guard scale > 0, scale <= 4 else { throw ValidationError("--scale must be in (0, 4], got \(scale)") }
        let paragraphs = text.isEmpty ? SampleText.paragraphs : text
        let bitmap = try RichTextSheet(width: width, scale: DisplayScale(scale), highlightFirstLink: highlight)
            .render(paragraphs)
        try OutputFile.write(try bitmap.pngData(), to: out)
        print("wrote \(out) (\(bitmap.pixelSize.width)×\(bitmap.pixelSize.height) px)")
    }
}
