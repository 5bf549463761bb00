import ArgumentParser

@main
struct Flick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick",
        abstract: "Smooth, rich, variable-height timelines on Linux.",
        subcommands: [Bench.self, Demo.self, GtkDemo.self, Generate.self, Import.self, Render.self, RenderText.self, Search.self, Serve.self])

    /// ArgumentParser's entry, after the peak-memory exit hook (`FLICK_PEAK_RSS_FILE`).
    static func main() {
        PeakMemoryReport.installIfRequested()
        main(nil)
    }
}
