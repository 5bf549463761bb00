import FlickList
import FlickWindow
import Testing

@Suite("Key map")
struct KeyMapTests {
    let map = KeyMap.standard

    @Test func theListsKeysAreNotTheWindows() {
        // Arrows, pages, Space, Home/End, Escape, Enter and Tab are the list's (ListKeyAction).
        for key in [Key.space, .pageDown, .pageUp, .down, .up, .home, .end, .escape, .enter, .tab] {
            #expect(map.command(for: key) == nil, "\(key)")
            #expect(map.command(for: key, modifiers: .shift) == nil, "shift+\(key)")
        }
        #expect(map.command(for: .character("a"), modifiers: .control) == nil, "Ctrl+A selects all rows")
    }

    @Test func overlayAndPipelineToggles() {
        #expect(map.command(for: .character("h")) == .toggleHUD)
        #expect(map.command(for: .character("r")) == .toggleRanges)
        #expect(map.command(for: .character("m")) == .toggleMisaligned)
        #expect(map.command(for: .character("t")) == .toggleRowTint)
        #expect(map.command(for: .character("p")) == .switchPipeline)
        #expect(map.command(for: .f1) == .toggleHelp)
        #expect(map.command(for: .character("/"), modifiers: .shift) == .toggleHelp, "? is Shift+/ on most layouts")
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
        #expect(lines.count == map.bindings.filter { !$0.label.isEmpty }.count + KeyMap.listKeys.count)
        #expect(lines.contains { $0.hasPrefix("Home/End") && $0.contains("first/last row") })
        #expect(lines.contains { $0.hasPrefix("P ") && $0.contains("naive") })
        // Labels are padded so every description starts in one column.
        let titles = map.bindings.filter { !$0.label.isEmpty }.map(\.command.title) + KeyMap.listKeys.map(\.title)
        let columns = Set(zip(lines, titles).map { line, title in
            line.range(of: title).map { line.distance(from: line.startIndex, to: $0.lowerBound) } ?? -1
        })
        #expect(columns.count == 1 && !columns.contains(-1))
        #expect(map.compactHelpLines.count == lines.count)
        #expect(map.compactHelpLines.contains("Q: quit"))
        #expect(map.compactHelpLines.contains("Esc: clear the selection"))
    }
}
