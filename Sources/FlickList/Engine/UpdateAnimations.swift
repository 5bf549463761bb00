import FlickCore
import FlickRaster

/// The engine's update animations (about 250 ms): inserted visible rows slide in — the rows
/// after them start where they were and slide down to uncover them — and deleted visible rows
/// collapse — their last bitmaps shrink while the rows on the side away from the reader's
/// anchor slide over their place. Purely visual: the height index, the offset and the anchor
/// are final at once, so anchoring and hit geometry never wait for an animation, and the
/// reader's row never moves. Main thread.
struct UpdateAnimations {
    /// Seconds an animation runs; default 0.25 s, UIKit's row-animation length.
    static let duration = 0.25

    enum Kind {
        /// Rows `rows` arrived: rows after them are drawn `remaining` points higher.
        case insert(rows: Range<Int>)
        /// Rows went at `row` (the index of the first row after the gap): the departing bitmaps
        /// fill the gap; rows on the moving side are drawn shifted by what remains of it.
        case delete(row: Int, bitmaps: [Bitmap], rowsAfterMove: Bool)
    }

    struct Animation {
        var kind: Kind
        let span: Double
        let start: Double

        /// What remains of the span at `time` (cubic ease-out to 0).
        func remaining(at time: Double) -> Double {
            let progress = min(1, max(0, (time - start) / UpdateAnimations.duration))
            let left = 1 - progress
            return span * left * left * left
        }
    }

    private(set) var running: [Animation] = []

    var isEmpty: Bool { running.isEmpty }

    mutating func add(_ kind: Kind, span: Double, time: Double) {
        guard span > 0 else { return }
        running.append(Animation(kind: kind, span: span, start: time))
    }

    /// Drops finished animations.
    mutating func expire(at time: Double) {
        running.removeAll { $0.remaining(at: time) <= 0.25 }
    }

    /// Rows moved by a later batch follow it; animations whose rows went are dropped.
    mutating func follow(_ changes: ListChanges) {
        running = running.compactMap { animation in
            var animation = animation
            switch animation.kind {
            case .insert(let rows):
                guard let first = changes.newIndex(ofOld: rows.lowerBound), let last = changes.newIndex(ofOld: rows.upperBound - 1),
                    first <= last
                else { return nil }
                animation.kind = .insert(rows: first..<(last + 1))
            case .delete(let row, let bitmaps, let after):
                let moved = row < changes.oldCount ? changes.newIndex(ofOld: row) : changes.newCount
                guard let moved else { return nil }
                animation.kind = .delete(row: moved, bitmaps: bitmaps, rowsAfterMove: after)
            }
            return animation
        }
    }

    /// How far row `row` is drawn from its place at `time`, points (down is positive).
    func shift(ofRow row: Int, at time: Double) -> Double {
        var shift = 0.0
        for animation in running {
            let remaining = animation.remaining(at: time)
            switch animation.kind {
            case .insert(let rows):
                if row >= rows.upperBound { shift -= remaining }
            case .delete(let gap, _, let after):
                if after, row >= gap { shift += remaining }
                if !after, row < gap { shift -= remaining }
            }
        }
        return shift
    }

    /// The departing bitmaps at `time`, placed by `top(row)` (a row's top on screen, points).
    func departing(at time: Double, top: (Int) -> Double) -> [Compositor.Departing] {
        var ghosts: [Compositor.Departing] = []
        for animation in running {
            guard case .delete(let gap, let bitmaps, _) = animation.kind else { continue }
            // The gap sits just above row `gap` as drawn, whichever side moves.
            let remaining = animation.remaining(at: time)
            var y = top(gap) + shift(ofRow: gap, at: time) - remaining
            var left = remaining
            for bitmap in bitmaps where left > 0 {
                let height = min(bitmap.pointSize.height, left)
                ghosts.append(Compositor.Departing(bitmap: bitmap, top: y, height: height))
                y += height
                left -= height
            }
        }
        return ghosts
    }
}
