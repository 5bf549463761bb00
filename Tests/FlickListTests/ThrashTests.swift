import FlickCore
import FlickList
import FlickRaster
import FlickTestSupport
import Testing

/// Model-checked thrash (Texture's ThrashTests idea): seeded random sequences of inserts,
/// deletes, moves, edits, frames, drags, flings, touches and scroll-to-row, checked after every
/// frame against a plain array model. A failure names the seed and the shortest failing prefix.
@Suite("Living list: thrash against a model")
@MainActor
struct ThrashTests {
    typealias Engine = ListEngine<RecordingDataSource>

    enum Operation: CustomStringConvertible {
        case insert(row: Int, count: Int)
        case delete(row: Int, count: Int)
        case move(from: Int, to: Int)
        case edit(row: Int)
        case frames(Int)
        case drag(distance: Double)
        case fling(velocity: Double)
        case touch
        case scrollTo(row: Int)

        var description: String {
            switch self {
            case .insert(let row, let count): "insert \(row) \(count)"
            case .delete(let row, let count): "delete \(row) \(count)"
            case .move(let from, let to): "move \(from) \(to)"
            case .edit(let row): "edit \(row)"
            case .frames(let count): "frames \(count)"
            case .drag(let distance): "drag \(distance)"
            case .fling(let velocity): "fling \(velocity)"
            case .touch: "touch"
            case .scrollTo(let row): "scrollto \(row)"
            }
        }

        var isUpdate: Bool {
            switch self {
            case .insert, .delete, .move, .edit: true
            default: false
            }
        }
    }

    /// Heights differ per item and per version (an edit changes the height).
    static let height: @Sendable (Int, UInt64) -> Double = { id, version in
        30 + Double((id &* 2_654_435_761 &+ Int(version) &* 40_503) % 9) * 17
    }

    /// `count` operations from `seed`, valid for the list sizes they meet (the count is
    /// simulated alongside, starting at `rows`).
    static func operations(seed: UInt64, count: Int, rows: Int) -> [Operation] {
        var random = SplitMix64(seed: seed)
        var size = rows
        var operations: [Operation] = []
        for _ in 0..<count {
            let roll = random.int(in: 0...99)
            let operation: Operation
            switch roll {
            case 0..<20:
                let added = random.int(in: 1...(size > 400 ? 1 : 5))
                operation = .insert(row: random.int(in: 0...size), count: added)
                size += added
            case 20..<35 where size > 20:
                let row = random.int(in: 0...(size - 1))
                let removed = min(size - row, random.int(in: 1...3))
                operation = .delete(row: row, count: removed)
                size -= removed
            case 35..<45 where size > 1:
                operation = .move(from: random.int(in: 0...(size - 1)), to: random.int(in: 0...(size - 1)))
            case 45..<60 where size > 0:
                operation = .edit(row: random.int(in: 0...(size - 1)))
            case 60..<77: operation = .frames(random.int(in: 1...3))
            case 77..<85: operation = .drag(distance: Double(random.int(in: -300...300)))
            case 85..<91: operation = .fling(velocity: Double(random.int(in: -4_000...4_000)))
            case 91..<95: operation = .touch
            case 95..<100 where size > 0: operation = .scrollTo(row: random.int(in: 0...(size - 1)))
            default: operation = .frames(1)
            }
            operations.append(operation)
        }
        return operations
    }

    struct Failure: Error, CustomStringConvertible {
        let step: Int
        let reason: String
        var description: String { "after operation \(step): \(reason)" }
    }

    /// Runs `operations` on a fresh engine and model; the first violated invariant, or nil.
    static func run(_ operations: [Operation], rows: Int = 200) -> Failure? {
        let source = RecordingDataSource(rowCount: rows, estimate: 80, versionedHeight: height)
        let engine = DrawSchedulingTests.engine(source, queues: 2)
        var model = Array(0..<rows)
        var nextID = rows
        var time = 0.0
        var versions: [Int: UInt64] = [:]

        func frame(_ step: Int) -> Failure? {
            engine.waitForWorkers()
            let stats = engine.frame(at: time)
            time += 1.0 / 120
            return check(stats, step)
        }

        func check(_ stats: FrameStats, _ step: Int) -> Failure? {
            if stats.rowsBlank > 0 || stats.blankPixels > 0 { return Failure(step: step, reason: "blank rows on screen") }
            guard engine.heights.rowCount == model.count else {
                return Failure(step: step, reason: "height index has \(engine.heights.rowCount) rows, model \(model.count)")
            }
            var sum = 0.0
            for row in 0..<model.count { sum += engine.heights.height(ofRow: row) }
            if abs(sum - engine.heights.totalHeight) > 1e-6 * max(1, sum) {
                return Failure(step: step, reason: "total height \(engine.heights.totalHeight) ≠ sum of rows \(sum)")
            }
            var seen = Set<Int>()
            for (row, content) in engine.lastContents {
                guard let id = engine.itemID(atRow: row) else {
                    if content == .full || content == .stale { return Failure(step: step, reason: "row \(row) drawn without an item") }
                    continue
                }
                if id != model[row] { return Failure(step: step, reason: "row \(row) shows item \(id), model has \(model[row])") }
                if !seen.insert(id).inserted { return Failure(step: step, reason: "item \(id) shown twice") }
            }
            for layer in engine.compositor.layers where layer.role == .cell {
                let id = model[layer.row]
                let pixel = layer.bitmap.pixel(x: 0, y: 0)
                let expected = RecordingDataSource.colour(row: id, version: versions[id] ?? 0)
                let content = engine.lastContents.first { $0.row == layer.row }?.content
                if pixel.red != expected.red || pixel.blue != expected.blue {
                    return Failure(step: step, reason: "row \(layer.row) shows another item's drawing")
                }
                if content == .full, pixel.green != expected.green {
                    return Failure(step: step, reason: "row \(layer.row) shows an old version as current")
                }
                let exact = height(id, versions[id] ?? 0)
                if content == .full, engine.heights.isExact(row: layer.row), engine.heights.height(ofRow: layer.row) != exact {
                    return Failure(step: step, reason: "row \(layer.row) is drawn current but sized \(engine.heights.height(ofRow: layer.row)), not \(exact)")
                }
            }
            if engine.updateStatistics.anchorDriftMax > 0.5 {
                return Failure(step: step, reason: "anchor drift \(engine.updateStatistics.anchorDriftMax) pt")
            }
            return nil
        }

        var touchedIDs = Set<Int>()
        func touches(_ operation: Operation, _ id: Int) -> Bool { touchedIDs.contains(id) }
        for (step, operation) in operations.enumerated() {
            touchedIDs.removeAll()
            // Independent of the engine's own drift statistic: where the reader's row is before
            // the update (at the next frame's time, had nothing changed), from the model.
            var probe: (id: Int, y: Double)?
            if operation.isUpdate, !engine.isScrollingToTarget, !model.isEmpty {
                var unchanged = engine.physics
                unchanged.step(to: time)
                // The reader's row, by the engine's documented rule: the first row in view
                // whose height is measured (a row at its estimate cannot be read yet), else the top one.
                let top = engine.heights.row(atOffset: max(0, unchanged.contentOffset))
                let bottom = unchanged.contentOffset + engine.viewport.height
                var row = top
                while row < engine.heights.rowCount, engine.heights.offset(ofRow: row) < bottom, !engine.heights.isExact(row: row) {
                    row += 1
                }
                if row >= engine.heights.rowCount || engine.heights.offset(ofRow: row) >= bottom { row = top }
                probe = (model[row], engine.heights.offset(ofRow: row) - unchanged.contentOffset)
            }
            var changes: ListChanges?
            switch operation {
            case .insert(let row, let count):
                changes = source.insert(count, at: row)
                model.insert(contentsOf: nextID..<(nextID + count), at: row)
                nextID += count
            case .delete(let row, let count):
                touchedIDs.formUnion(model[row..<(row + count)])
                changes = source.remove(row..<(row + count))
                model.removeSubrange(row..<(row + count))
            case .move(let from, let to):
                touchedIDs.insert(model[from])
                changes = source.move(from: from, to: to)
                model.insert(model.remove(at: from), at: to)
            case .edit(let row):
                touchedIDs.insert(model[row])
                changes = source.edit(row: row)
                versions[model[row], default: 0] += 1
            case .frames(let count):
                for _ in 0..<count { if let failure = frame(step) { return failure } }
            case .drag(let distance):
                engine.beginDrag(at: 300, time: time)
                for index in 1...4 {
                    engine.drag(to: 300 - distance * Double(index) / 4, time: time)
                    if let failure = frame(step) { return failure }
                }
                engine.endDrag(time: time)
            case .fling(let velocity):
                engine.fling(velocity: velocity, time: time)
            case .touch:
                engine.touchDown(time: time)
            case .scrollTo(let row):
                engine.scrollTo(row: row, align: .center, animated: row % 2 == 0, time: time)
            }
            if let changes {
                if model != source.ids { return Failure(step: step, reason: "test source and model disagree") }
                engine.apply(changes)
                if let failure = frame(step) { return failure }
                if let probe, !touches(operation, probe.id), let row = model.firstIndex(of: probe.id), !engine.isScrollingToTarget {
                    let y = engine.heights.offset(ofRow: row) - engine.contentOffset
                    if abs(y - probe.y) > 0.5 {
                        return Failure(step: step, reason: "the reader's row (item \(probe.id)) moved \(y - probe.y) pt on screen")
                    }
                }
            }
        }
        // Everything settles: every visible row shows its current version.
        for _ in 0..<600 where !(engine.physics.phase == .idle && engine.visibleRowsFullyDrawn) {
            if let failure = frame(operations.count) { return failure }
        }
        if !engine.visibleRowsFullyDrawn { return Failure(step: operations.count, reason: "never settled fully drawn") }
        return nil
    }

    /// The shortest prefix of `operations` that still fails (binary search over lengths).
    static func shortestFailingPrefix(_ operations: [Operation]) -> Int {
        var low = 1
        var high = operations.count
        while low < high {
            let middle = (low + high) / 2
            if run(Array(operations.prefix(middle))) != nil { high = middle } else { low = middle + 1 }
        }
        return low
    }

    static func thrash(seed: UInt64, count: Int) {
        let operations = operations(seed: seed, count: count, rows: 200)
        guard let failure = run(operations) else { return }
        let prefix = shortestFailingPrefix(operations)
        let tail = operations.prefix(prefix).suffix(8).map(\.description).joined(separator: "; ")
        Issue.record("thrash seed \(seed): \(failure); shortest failing prefix: \(prefix) operations (last: \(tail))")
    }

    @Test func tenThousandOperations() { Self.thrash(seed: 0xF11C_4, count: 10_000) }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func shorterSequences(seed: UInt64) { Self.thrash(seed: seed, count: 2_000) }

    @Test func theCheckerCatchesAWrongModel() {
        // The same sequence with one model edit the engine is not told about must fail.
        let operations: [Operation] = [.frames(2), .insert(row: 0, count: 3), .frames(2)]
        #expect(Self.run(operations) == nil)
        let source = RecordingDataSource(rowCount: 50, estimate: 80, versionedHeight: Self.height)
        let engine = DrawSchedulingTests.engine(source, queues: 2)
        var time = 0.0
        DrawSchedulingTests.settle(engine, time: &time)
        source.insert(3, at: 0)  // the engine is never told
        engine.frame(at: time)
        #expect(engine.heights.rowCount != source.rowCount, "an untold change is visible to the checker")
    }
}
