import FlickCore
import FlickList
import FlickRaster

/// A tap recorded by the window: the row, where in it, and what the client said it was.
public struct WindowTap: Hashable, Sendable {
    public let row: Int
    public let local: Point
    /// The client's description, or `nil` when the point hit nothing tappable.
    public let description: String?
}

/// The pressed row: the window-level "row override" shown while a link or avatar is held.
/// The highlighted render is made on a pool worker (lane user-interactive) and shown from the
/// first frame after it is ready; until then the row shows its normal cell. The engine knows
/// nothing of it: the presenter swaps the row's cell layer and adds the overlays.
///
/// Main thread.
@MainActor
final class PressedRow<Interaction: RowInteraction> {
    typealias Source = Interaction.Source

    struct Press {
        let row: Int
        let target: Interaction.Target
        let layout: Source.Layout
        let local: Point
        let ticket: WorkTicket
    }

    private(set) var press: Press?
    /// The finished render for the current press (checked against the press's ticket).
    private let mailbox = LockedBox<(ticket: ObjectIdentifier, appearance: PressedAppearance)?>(nil)
    private(set) var appearance: PressedAppearance?

    /// Starts a press on `row` at `local` if the interaction hits something there. Submits the
    /// highlighted render to `pool`; returns whether something was hit.
    @discardableResult
    func begin(
        row: Int, layout: Source.Layout, local: Point, interaction: Interaction,
        pool: QueuePool<Source.WorkerContext>
    ) -> Bool {
        end()
        guard let target = interaction.target(at: local, in: layout) else { return false }
        let mailbox = mailbox
        let ticket = pool.submit(.userInteractive, priority: -1) { session in
            guard !session.isCancelled else { return }
            let appearance = interaction.pressedAppearance(of: target, in: layout, context: session.context)
            mailbox.withLock { $0 = (ObjectIdentifier(session.ticket), appearance) }
        }
        press = Press(row: row, target: target, layout: layout, local: local, ticket: ticket)
        return true
    }

    /// Picks up a finished render for the current press. Call once per frame.
    func commit() {
        guard let press, appearance == nil else { return }
        let key = ObjectIdentifier(press.ticket)
        let ready = mailbox.withLock { box -> PressedAppearance? in
            guard let value = box, value.ticket == key else { return nil }
            box = nil
            return value.appearance
        }
        if let ready { appearance = ready }
    }

    /// Ends the press (release, drag, engine switch); a render still queued is cancelled.
    func end() {
        press?.ticket.cancel()
        press = nil
        appearance = nil
        mailbox.withLock { $0 = nil }
    }
}
