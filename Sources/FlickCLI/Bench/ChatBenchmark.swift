import Dispatch
import Flick
import FlickChat
import Foundation

/// `flick bench --scroll --client chat`: the chat client (built only on `Flick`) with its whole
/// history shown, replaying the standard scripts from the oldest message while new messages
/// stream in at the bottom — on the same headless clock, workers and table as the timeline.
@MainActor
struct ChatBenchmark {
    let messages: Int
    /// The demo feed's folder, for the pictures some bubbles show.
    let folder: URL
    let hz: Double
    let scripts: [(name: String, script: ScrollScript)]
    let viewport = Size(width: 375, height: 667)
    let scale = DisplayScale.two

    func run(_ mode: BenchMode, progress: (String) -> Void) throws -> ScrollBenchmark.Result {
        let cpuBefore = ResourceUsage.cpuSeconds
        let started = DispatchTime.now().uptimeNanoseconds
        let pictures = try ChatPictures(folder: folder)
        let images = pictures.pipeline
        var configuration = CellList<String>.Configuration.chat
        configuration.viewport = viewport
        configuration.scale = scale
        // The mode's engine settings (the same generic configuration, for another source).
        let tuning = mode.tuning.configuration
        configuration.engine.pipeline = tuning.pipeline == .naive ? .naive : .flick
        configuration.engine.skeletons = tuning.skeletons
        configuration.engine.fastFling = tuning.fastFling
        configuration.engine.bitmapBudget = tuning.bitmapBudget
        configuration.engine.defersImagesDuringFling = tuning.defersImagesDuringFling
        configuration.engine.ranges = tuning.ranges
        configuration.engine.physics = tuning.physics
        configuration.engine.animatesUpdates = false
        let list = CellList<String>(configuration: configuration, kinds: ChatSession.kinds(), images: images)
        var chat = ChatSession.Configuration()
        chat.messages = messages
        chat.initial = messages
        let session = ChatSession(configuration: chat, generator: ChatGenerator(photos: pictures.photos), list: list)
        let display = HeadlessDisplay(engine: list.engine, hz: hz, pacing: .realTime)
        var firstFrame = Double.infinity
        for _ in 0..<Int(hz * 5) {
            session.tick(time: display.step().time)
            // Content first: the 100k-message snapshot is diffed off the main thread and lands a
            // few frames in (its commit is part of the first frame, not of the scripts).
            if list.engine.source.rowCount > 0, list.engine.visibleRowsFullyDrawn {
                firstFrame = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                break
            }
        }
        list.engine.jump(toRow: 0, time: display.now)  // read the history from its start
        let scriptsStart = display.frames.count
        for (name, script) in scripts {
            progress("\(mode.rawValue) chat: \(name)")
            display.play(script) { stats in session.tick(time: stats.time) }
        }
        return ScrollBenchmark.Result(
            mode: mode, display: display, scriptsStart: scriptsStart, scale: scale, firstFrame: firstFrame,
            cpuBefore: cpuBefore, started: started, images: images.statistics)
    }
}
