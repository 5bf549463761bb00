import FlickWindow
import Foundation

/// Input latency in the SDL window (`--measure-input`): Down pressed through XTest every 150–250
/// ms while the window runs interactively (resting between presses, as a reader's window
/// does), each measured to the completed present of the frame that moved the focus.
enum InputLatencyRun {
    static let keysymDown: UInt = 0xFF54

    @MainActor
    static func measure<Interaction>(_ window: ListWindow<Interaction>, presses: Int) throws -> [Double] {
        let sender = try XTestInput()
        guard let id = window.display.x11WindowID else { throw XTestInput.Failure(description: "the window is not on X11") }
        sender.focus(window: id)
        let probe = InputLatencyProbe()
        window.inputProbe = probe
        defer { window.inputProbe = nil }
        window.runInteractively(seconds: 0.5)
        let presser = Thread {
            for _ in 0..<presses {
                usleep(UInt32.random(in: 150_000...250_000))
                probe.noteSent(sender.press(keysym: keysymDown, focusing: id))
            }
        }
        presser.start()
        window.runInteractively(seconds: Double(presses) * 0.25 + 1)
        return probe.milliseconds
    }
}
