import FlickCore
import FlickList
import FlickRaster

/// What the window remembers of the press held now: which target of which row, for the tap
/// that may follow and the report. The pressed look itself lives in the engine's row (its
/// `RowNode`), drawn on a worker and composited by the engine. Main thread.
@MainActor
final class PressedRow<Interaction: RowInteraction> {
    typealias Source = Interaction.Source

    struct Press {
        let row: Int
        let target: Interaction.Target
        let layout: Source.Layout
        let local: Point
    }

    private(set) var press: Press?

    /// Starts a press on `row` at `local` if the interaction hits something there: the engine
    /// draws the row's pressed look. Returns whether something was hit.
    @discardableResult
    func begin(row: Int, layout: Source.Layout, local: Point, interaction: Interaction, engine: ListEngine<Source>) -> Bool {
        end(engine: engine)
        guard let target = interaction.target(at: local, in: layout) else { return false }
        engine.press(row: row) { layout, context in interaction.pressedAppearance(of: target, in: layout, context: context) }
        press = Press(row: row, target: target, layout: layout, local: local)
        return true
    }

    /// Ends the press (release, drag, engine switch).
    func end(engine: ListEngine<Source>) {
        engine.endPress()
        press = nil
    }
}
