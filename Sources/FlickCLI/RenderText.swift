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

    @Flag(help: "Highlight the first link of each paragraph, as if pressed.")
    var highlight = false

    @Option(help: "Output PNG path.")
    var out: String = "out/rich-text.png"

    func validate() throws {
        try OptionLimits.check(width, in: OptionLimits.textWidths, option: "--width")
        try OptionLimits.check(scale, in: OptionLimits.renderScales, option: "--scale")
    }

    func run() throws {
        let paragraphs = text.isEmpty ? SampleText.paragraphs : text
        let bitmap = try RichTextSheet(width: width, scale: DisplayScale(scale), highlightFirstLink: highlight)
            .render(paragraphs)
        try OutputFile.write(try bitmap.pngData(), to: out)
        print("wrote \(out) (\(bitmap.pixelSize.width)×\(bitmap.pixelSize.height) px)")
    }
}
