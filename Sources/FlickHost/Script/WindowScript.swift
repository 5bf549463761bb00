import FlickCore
import FlickList

/// A `ScrollScript` plus what only a window can replay: a held press and its release (so a
/// pressed link's highlight can be seen and captured) and a window size. (`key` is a list
/// step: a window plays it through its own key path, its window keys first.)
///
/// ```
/// press 120 210     # finger down at (120, 210) and held: a link there shows its highlight
/// wait 0.3
/// release           # finger up: a tap, reported in the status bar
/// size 414 736      # resize the window to 414 × 736 points (a new height rebuilds the engine)
/// ```
/// Every other line is a `ScrollScript` line. Pure value; any thread.
public struct WindowScript: Hashable, Sendable {
    /// Viewport sides a host supports, points: room for the HUD and at least one cell.
    /// Scripts' `size` and the command line's `--width`/`--height` are held to it.
    public static let viewportSides: ClosedRange<Double> = 200...4_000

    public enum Step: Hashable, Sendable {
        case list(ScrollScript.Step)
        case press(x: Double, y: Double)
        case release
        case size(width: Double, height: Double)
    }

    /// A line that is not a valid step: the list script's error, line numbers and all.
    public typealias ParseError = ScrollScript.ParseError

    public let steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }

    /// Parses the window commands and hands every other line to `ScrollScript`; errors carry
    /// the line number in the whole text.
    public init(parsing text: String) throws(ParseError) {
        var steps: [Step] = []
        for (line, command, args) in ScrollScript.commands(in: text) {
            switch command {
            case "press":
                guard args.count == 2, let x = Double(args[0]), let y = Double(args[1]), x.isFinite, y.isFinite else {
                    throw ParseError(line: line, reason: "press takes x and y in points")
                }
                steps.append(.press(x: x, y: y))
            case "release":
                guard args.isEmpty else { throw ParseError(line: line, reason: "release takes no arguments") }
                steps.append(.release)
            case "size":
                let sides = Self.viewportSides
                guard args.count == 2, let width = Double(args[0]), let height = Double(args[1]),
                    sides.contains(width), sides.contains(height)
                else {
                    throw ParseError(line: line, reason: "size takes a width and a height in \(Int(sides.lowerBound))…\(Int(sides.upperBound)) points")
                }
                steps.append(.size(width: width, height: height))
            default:
                steps.append(.list(try ScrollScript.step(command, args, line: line)))
            }
        }
        self.steps = steps
    }

    /// The same session for a display without a window (`HeadlessDisplay`): a press becomes
    /// a tap, a release and keys do nothing there.
    public var scrollScript: ScrollScript {
        ScrollScript(steps: steps.compactMap { step in
            switch step {
            case .list(let step): step
            case .press(let x, let y): .tap(x: x, y: y)
            case .size(let width, _): .resize(width: width)
            case .release: nil
            }
        })
    }
}
