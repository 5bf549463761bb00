import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on stderr, drawn only when stderr is a terminal (so logs and CI
/// output stay clean). Updates at most every 1% to keep the cost negligible.
final class ProgressBar {
    let total: Int
    let label: String
    private let enabled = isatty(2) != 0
    private var lastPercent = -1

    init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    func update(_ done: Int) {
        guard enabled, total > 0 else { return }
        let percent = min(100, done * 100 / total)
        guard percent != lastPercent else { return }
        lastPercent = percent
        let width = 30
        let filled = percent * width / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = "\r\(bar) \(percent)% \(done)/\(total) \(label)" + (done >= total ? "\n" : "")
        FileHandle.standardError.write(Data(line.utf8))
    }
}
