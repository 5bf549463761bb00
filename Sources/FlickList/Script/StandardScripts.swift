import FlickCore

/// The scroll scripts the benchmark, the end-to-end tests and `flick demo --headless` replay.
public enum StandardScripts {
    /// Constant-speed reading scrolls at 1k, 3k and 6k pt/s, each lifted and stopped.
    public static let constantSpeed = """
        wait 0.2
        scroll 1000 1.5
        touch
        scroll 3000 1.5
        touch
        scroll 6000 1.5
        touch
        settle
        """

    /// Flings at 8k and 25k pt/s down and up, with pauses between.
    public static let flings = """
        wait 0.2
        fling 8000
        settle
        wait 0.3
        fling 25000
        settle
        wait 0.3
        fling -8000
        settle
        wait 0.3
        fling -25000
        settle
        """

    /// The window's frame-quality scripts (issue #15's 1× figures): constant reading at 1k, 3k
    /// and 6k pt/s held 5 s each, and six flings (8k, 25k, 8k pt/s, each down and back up).
    public static let window: [(name: String, text: String)] = [
        ("constant-5s", "wait 0.2\nscroll 1000 5\ntouch\nscroll 3000 5\ntouch\nscroll 6000 5\ntouch\nsettle"),
        ("six-flings", [8_000, -8_000, 25_000, -25_000, 8_000, -8_000].map { "fling \($0)\nsettle\nwait 0.3" }.joined(separator: "\n")),
    ]

    /// Scroll-to-top from deep in the feed.
    public static let scrollToTop = """
        jump 2000
        settle
        top
        settle
        """

    /// The live family, reading: 1,000 pt/s while 10 posts/s arrive on top and 1 post/s is
    /// deleted above the reader.
    public static let liveReading = """
        jump 400
        settle
        stream insert 0 1 every 0.1
        stream delete 3 1 every 1
        scroll 1000 4
        touch
        stream stop
        settle
        """

    /// The keyboard session (`flick bench --keyboard`): Down held at 30 repeats a second
    /// through 5,000 rows (the list follows the focus), Page Down 20 times, End, Home — on a
    /// timeline, so each key moves the focus and selects its row.
    public static let keyboard = """
        wait 0.2
        key Down 5000 30
        key Page_Down 20 4
        settle
        key End
        settle
        key Home
        settle
        """

    /// The live family, flinging: flings down and up while 10 posts/s arrive on top.
    public static let liveFlings = """
        jump 2000
        settle
        stream insert 0 1 every 0.1
        fling 8000
        settle
        fling -8000
        settle
        fling 25000
        wait 1
        stream stop
        settle
        """

    /// A jump storm over a 100k-row feed: random scroll-to-row jumps (rows from a fixed seed),
    /// each held for a few frames — the worst case for caches and the scheduler.
    public static let jumpStorm = jumpStorm(rowCount: 100_000)

    /// The jump storm for a feed of `rowCount` rows: every jump lands inside it.
    public static func jumpStorm(rowCount: Int) -> String {
        var random = SplitMix64(seed: 2_026)
        var lines: [String] = []
        for _ in 0..<24 {
            lines.append("jump \(random.int(in: 0...(max(0, rowCount) * 99 / 100)))")
            lines.append("wait 0.06")
        }
        lines.append("settle")
        return lines.joined(separator: "\n")
    }

    /// A trip over a whole feed of `rowCount` rows: twelve stops spread evenly from its start
    /// to its end (a jump, a moment of reading), each left by a 25,000 pt/s fling down and one
    /// back up — so a benchmark of a million rows touches rows everywhere in it, not only near
    /// the top.
    public static func wholeFeed(rowCount: Int) -> String {
        let stops = 12
        var lines: [String] = []
        for stop in 0..<stops {
            lines.append("jump \(max(0, rowCount - 1) * stop / (stops - 1) * 98 / 100)")
            lines += ["wait 0.1", "fling 25000", "settle", "fling -25000", "settle"]
        }
        return lines.joined(separator: "\n")
    }

    /// The demo session: drag, fling, a tap, a touch that stops a fling, back to the top.
    public static let demo = """
        wait 0.3
        drag 560 160 0.3
        settle
        fling 12000
        wait 0.25
        touch
        settle
        tap 200 140
        fling 25000
        settle
        top
        settle
        """

    /// A chat session (reverse mode): read the newest messages while some arrive, scroll up
    /// into the history (older pages load on the way), fling back down to the newest.
    public static let chat = """
        wait 1
        drag 150 600 0.4
        drag 150 600 0.4
        settle
        fling -6000
        settle
        wait 0.5
        fling 20000
        settle
        wait 1.5
        """

    /// A live timeline read from a server: read down at 3,000 pt/s through several pages
    /// (batch fetching keeps ahead), back to the top, pull to refresh, then faster.
    public static let livePaging = """
        wait 0.5
        scroll 3000 6
        wait-page
        top
        settle
        pull
        wait-page
        settle
        scroll 6000 3
        settle
        """

    /// The scripts `flick bench --scroll --live` replays against a paged server (no jump
    /// storm: a paged timeline has no far rows to jump to).
    public static let live: [(name: String, text: String)] = [
        ("constant-speed", constantSpeed), ("flings", flings), ("scroll-to-top", scrollToTop), ("live-paging", livePaging),
    ]

    /// Every standard script by name, for a 100k-row feed.
    public static let all = all(rowCount: 100_000)

    /// Every standard script by name, the jump storm sized to `rowCount` rows.
    public static func all(rowCount: Int) -> [(name: String, text: String)] {
        [
            ("constant-speed", constantSpeed), ("flings", flings), ("jump-storm", jumpStorm(rowCount: rowCount)),
            ("scroll-to-top", scrollToTop), ("live-reading", liveReading), ("live-flings", liveFlings),
        ]
    }

    /// The standard scripts plus the whole-feed trip, for a feed of `rowCount` rows: what the
    /// benchmark's scaling table (10k, 100k, 1M) replays at every size.
    public static func scaling(rowCount: Int) -> [(name: String, text: String)] {
        all(rowCount: rowCount) + [("whole-feed", wholeFeed(rowCount: rowCount))]
    }

    /// Find while reading (`flick bench --find`): a word typed a letter at a time (each
    /// letter searched once typing pauses, as the bar does), matches stepped through both ways,
    /// a CJK bigram, then Escape. Every `find` step waits for its match (or none).
    public static let findTyping = """
        settle
        find c
        find co
        find cof
        find coff
        find coffe
        find coffee
        find-next
        find-next
        find-prev
        wait 0.3
        find 微笑
        find-next
        find-prev
        key Escape
        settle
        """
}
