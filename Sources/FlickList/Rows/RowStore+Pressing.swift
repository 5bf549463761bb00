import Dispatch
import FlickCore
import FlickRaster

/// The held row's pressed look, drawn on a worker into its node. Main thread.
extension RowStore {
    /// Holds item `id` down: `draw` makes its pressed look on a worker (most urgent work),
    /// shown from the first frame after it is ready until `endPress()`. False when the row has
    /// no layout to draw from.
    func press(id: ID, draw: @escaping @Sendable (Source.Layout, Source.WorkerContext) -> PressedAppearance) -> Bool {
        endPress()
        guard let layout = nodes[id]?.layout else { return false }
        pressCount &+= 1
        let number = pressCount
        let mailbox = mailbox
        let ticket = pool.submit(configuration.lane, priority: -1, affinity: Self.affinity(id)) { session in
            guard !session.isCancelled else { return }
            let appearance = draw(layout, session.context)
            mailbox.post(.pressed(id: id, press: number, appearance: appearance))
        }
        press = (id, number, ticket)
        return true
    }

    /// Lets go: the row shows its normal look again at once.
    func endPress() {
        guard let press else { return }
        press.ticket.cancel()
        nodes[press.id]?.pressed = nil
        self.press = nil
    }
}
