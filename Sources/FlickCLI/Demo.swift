import ArgumentParser
import FlickCore
import FlickRaster

/// `flick demo`: until the timeline window lands, renders the rich-text sample to a PNG.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what Flick draws (for now: the rich-text sample, written to a PNG).")

    @Option(help: "Output PNG path.")
    var out: String = "out/demo.png"

    func run() throws {
        let bitmap = try RichTextSheet(width: 375, scale: .two, highlightFirstLink: true).render(SampleText.paragraphs)
        try OutputFile.write(try bitmap.pngData(), to: out)
        print("flick demo: rendered \(SampleText.paragraphs.count) rich-text paragraphs at 375 pt @2x")
        print("wrote \(out)")
    }
}
