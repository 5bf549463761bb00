import ArgumentParser

/// The options `flick demo` and `flick gtk-demo` mean the same by: which feed and client,
/// which script, the viewport, when to stop and what to write. One group, so the two
/// commands cannot drift apart in names, defaults or limits.
struct DemoOptions: ParsableArguments {
    @Option(name: [.customLong("feed"), .customLong("db")], help: "Feed: a feed.sqlite, or a folder holding one. Default: generate one in out/demo-feed.")
    var feed: String?

    @Option(help: "Posts to generate when no feed exists yet.")
    var posts: Int = 5_000

    @Option(help: "Client: timeline (default) or chat.")
    var client: DemoClient = .timeline

    @Option(help: "Messages in the chat's history (--client chat).")
    var messages: Int = 10_000

    @Option(help: "Script to replay: a file, or a built-in name (demo, flings, constant-speed, scroll-to-top, jump-storm).")
    var script: String?

    @Option(help: "Viewport width, points.")
    var width: Double = 375

    @Option(help: "Viewport height, points.")
    var height: Double = 667

    @Option(help: "Stop after this many frames (in a window: also when the script ends first, it keeps running until then).")
    var frames: Int?

    @Option(help: "Screenshot of the last frame (PNG; in a window, read back through its renderer). flick demo's headless default: out/demo.png.")
    var screenshot: String?

    @Option(help: "Frame statistics as JSON. flick demo's headless default: out/demo-report.json.")
    var report: String?

    @Option(help: "In a window, after the script: let the list come to rest, then measure this many seconds at rest — CPU and wake-ups of every thread, frames run (report key idle).")
    var measureIdle: Double?

    @Option(help: "In the SDL window, after the script: press Down this many times through XTest, 150–250 ms apart, and report each press's latency to the completed present of the frame that shows it (report key inputToPresentMs).")
    var measureInput: Int?

    /// Scripted runs that must not depend on the machine's speed (tests): before each frame
    /// the workers finish everything queued and the clock moves by exactly one frame.
    @Flag(help: .hidden)
    var lockstep = false

    func validate() throws {
        try OptionLimits.check(width, in: OptionLimits.viewportSides, option: "--width")
        try OptionLimits.check(height, in: OptionLimits.viewportSides, option: "--height")
        if let frames { try OptionLimits.check(frames, in: 1...10_000_000, option: "--frames") }
        if let measureInput { try OptionLimits.check(measureInput, in: 1...10_000, option: "--measure-input") }
        if let measureIdle { try OptionLimits.check(measureIdle, in: 1...600, option: "--measure-idle") }
        try OptionLimits.check(posts, in: OptionLimits.feedPosts, option: "--posts")
        try OptionLimits.check(messages, in: OptionLimits.feedPosts, option: "--messages")
    }
}
