import FlickWindow
import Testing

@Suite("Key map")
struct KeyMapTests {
    let map = KeyMap.standard

    @Test func navigationKeys() {
        #expect(map.command(for: .space) == .pageDown)
        #expect(map.command(for: .pageDown) == .pageDown)
        #expect(map.command(for: .space, modifiers: .shift) == .pageUp)
        #expect(map.command(for: .pageUp) == .pageUp)
        #expect(map.command(for: .down) == .lineDown)
        #expect(map.command(for: .up) == .lineUp)
        #expect(map.command(for: .home) == .top)
        #expect(map.command(for: .end) == .bottom)
    }

    @Test func overlayAndPipelineToggles() {
        #expect(map.command(for: .character("h")) == .toggleHUD)
        #expect(map.command(for: .character("r")) == .toggleRanges)
        #expect(map.command(for: .character("m")) == .toggleMisaligned)
        #expect(map.command(for: .character("t")) == .toggleRowTint)
        #expect(map.command(for: .character("p")) == .switchPipeline)
        #expect(map.command(for: .tab) == .switchPipeline)
        #expect(map.command(for: .f1) == .toggleHelp)
        #expect(map.command(for: .character("/"), modifiers: .shift) == .toggleHelp, "? is Shift+/ on most layouts")
        #expect(map.command(for: .escape) == .quit)
        #expect(map.command(for: .character("q")) == .quit)
    }

    @Test func modifiersMustMatchExactly() {
        #expect(map.command(for: .character("h"), modifiers: .control) == nil)
        #expect(map.command(for: .character("q"), modifiers: .control) == nil)
        #expect(map.command(for: .character("/")) == nil)
        #expect(map.command(for: .character("z")) == nil)
    }

    @Test func everyCommandHasAKeyAndAHelpLine() {
        for command in WindowCommand.allCases {
            #expect(map.bindings.contains { $0.command == command && !$0.label.isEmpty }, "\(command) has no labelled key")
        }
        let lines = map.helpLines
        #expect(lines.count == map.bindings.filter { !$0.label.isEmpty }.count)
        #expect(lines.contains { $0.hasPrefix("Home") && $0.contains("scroll to top") })
        #expect(lines.contains { $0.hasPrefix("P/Tab") && $0.contains("naive") })
        // Labels are padded so every description starts in one column.
        let labelled = map.bindings.filter { !$0.label.isEmpty }
        let columns = Set(zip(lines, labelled).map { line, binding in
            line.range(of: binding.command.title).map { line.distance(from: line.startIndex, to: $0.lowerBound) } ?? -1
        })
        #expect(columns.count == 1 && !columns.contains(-1))
        #expect(map.compactHelpLines.count == lines.count)
        #expect(map.compactHelpLines.contains("Esc/Q: quit"))
    }
}
