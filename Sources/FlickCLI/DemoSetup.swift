import ArgumentParser
import Flick
import FlickCore
import FlickList
import FlickRaster
import FlickTimeline
import FlickWindow
import Foundation

/// What both demo paths (window and headless) share: the feed opened as a `TimelineSession`
/// (timeline pages, one worker pool, image pipeline, the list), the script, and how an engine is built.
/// Main thread.
@MainActor
struct DemoSetup {
    let session: TimelineSession
    let script: WindowScript?
    /// The server, cache and live timeline of `--live` / `--url`; nil for a local feed.
    let live: DemoLiveFeed?

    /// The timeline's pages: the list's rows.
    var source: TimelinePages { session.source }
    var scale: DisplayScale { session.scale }

    init(options: Demo) throws {
        live = options.isLive ? try DemoLiveFeed(options: options) : nil
        let database = try live?.cachePath
            ?? FeedDatabase(given: options.feed, defaultFolder: "out/demo-feed", posts: options.posts, withImages: true).path()
        session = try TimelineSession(
            database: database, scale: DisplayScale(options.scale), configureImages: { [live] in live?.configureImages(&$0) }
        ) { error in
            FileHandle.standardError.write(Data("flick demo: images off: \(error)\n".utf8))
        }
        script = try options.script.map(Self.loadScript)
    }

    /// A script file, or the name of a built-in script (`demo`, `flings`, `constant-speed`,
    /// `scroll-to-top`, `jump-storm`, `live-reading`, `live-flings`, `live-paging`, `chat`,
    /// `constant-5s`, `six-flings`).
    static func loadScript(_ name: String) throws -> WindowScript {
        let text: String
        if FileManager.default.fileExists(atPath: name) {
            text = try String(contentsOfFile: name, encoding: .utf8)
        } else if let builtIn = (StandardScripts.all + StandardScripts.live + StandardScripts.window
            + [("demo", StandardScripts.demo), ("chat", StandardScripts.chat)])
            .first(where: { $0.name == name })
        {
            text = builtIn.text
        } else {
            let names = ["demo"] + StandardScripts.all.map(\.name) + ["live-paging", "chat"] + StandardScripts.window.map(\.name)
            throw ValidationError("no script file \(name) (built-in scripts: \(names.joined(separator: ", ")))")
        }
        do {
            return try WindowScript(parsing: text)
        } catch {
            throw ValidationError("\(name): \(error)")
        }
    }

    /// An engine over the feed for `viewport` and `pipeline`; every engine of the demo shares
    /// the session's pool (worker font maps) and image pipeline (its caches) across rebuilds.
    func makeEngine(viewport: Size, pipeline: PipelineKind) -> ListEngine<CellSource<String>> {
        let engine = session.makeEngine(viewport: viewport, tuning: EngineTuning(pipeline))
        live?.attach(to: engine, pages: session.source)
        return engine
    }
}
