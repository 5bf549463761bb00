import FlickCore
import FlickRaster

/// What tells two kinds apart for estimates and skeletons: the kind's type, and its value when
/// the kind is `Hashable` (one type can be several kinds: a timeline post with pictures and one
/// without). Value; any thread (`@unchecked`: `value` wraps a kind, and kinds are `Sendable`).
struct CellKindKey: Hashable, @unchecked Sendable {
    let type: ObjectIdentifier
    let value: AnyHashable?
}

/// A cell kind behind a type-erased front, so one list holds rows of any kinds. Sendable: it
/// holds only the kind (itself `Sendable`) inside its closures. A class: every cell carries its
/// kind, and the engine makes cells of the rows in storage on every frame; one reference is
/// cheaper to hand around than the closures and key it holds.
final class AnyCellKind: Sendable {
    let key: CellKindKey
    let estimatedHeight: Double
    let isSectionHeader: Bool
    let background: Color
    let layout: @Sendable (any Sendable, CellEnvironment) -> CellLayoutBox?
    /// The kind's skeleton for a row with no layout yet, drawn into a canvas of its size. Worker.
    let drawEstimatedSkeleton: @Sendable (Canvas) -> Void
    /// The kind's `searchableText` for a row's content. Any thread.
    let searchableText: @Sendable (any Sendable) -> String?
    /// The kind's `accessibleLabel` for a row's content. Any thread.
    let accessibleLabel: @Sendable (any Sendable) -> String?

    init<Kind: CellKind>(_ kind: Kind) {
        key = CellKindKey(type: ObjectIdentifier(Kind.self), value: (kind as? any Hashable).map { AnyHashable($0) })
        estimatedHeight = kind.estimatedHeight
        isSectionHeader = kind.isSectionHeader
        background = kind.background
        layout = { content, environment in
            guard let content = content as? Kind.Content else { return nil }
            return CellLayoutBox(kind: kind, layout: kind.layout(content, in: environment), environment: environment)
        }
        drawEstimatedSkeleton = { canvas in kind.drawEstimatedSkeleton(in: canvas) }
        searchableText = { content in (content as? Kind.Content).flatMap { kind.searchableText($0) } }
        accessibleLabel = { content in (content as? Kind.Content).flatMap { kind.accessibleLabel($0) } }
    }

    /// The skeleton bitmap of a row of this kind with no layout yet, `size` points. Worker.
    func renderEstimatedSkeleton(size: Size, scale: DisplayScale) -> Bitmap {
        let canvas = Canvas(size: size, scale: scale, opaqueBackground: background)
        drawEstimatedSkeleton(canvas)
        return canvas.makeBitmap()
    }
}

/// The kinds a list has seen, numbered in order of first sight: the engine estimates heights
/// and draws skeletons per number (`ListDataSource.rowKindCount`, at most
/// `CellKinds.capacity`). Kinds beyond the capacity share the unnumbered estimate and the
/// first kind's skeleton. Registration happens on the main thread; workers read kinds by
/// number under the lock.
final class CellKinds: Sendable {
    /// The height index tells at most this many kinds apart.
    static var capacity: Int { HeightIndex.Configuration.maximumKindCount }

    private let state = LockedBox((numbers: [CellKindKey: Int](), kinds: [AnyCellKind]()))

    /// The kind's number, registering it if it is new and there is room. Main thread.
    @discardableResult
    func number(of kind: AnyCellKind) -> Int? {
        state.withLock { state in
            if let number = state.numbers[kind.key] { return number }
            guard state.kinds.count < Self.capacity else { return nil }
            state.numbers[kind.key] = state.kinds.count
            state.kinds.append(kind)
            return state.kinds.count - 1
        }
    }

    /// Kinds registered so far.
    var count: Int { state.withLock { $0.kinds.count } }

    /// The kind numbered `number`; for `nil` (a row whose kind is not known yet) the first kind
    /// registered. Any thread.
    func kind(numbered number: Int?) -> AnyCellKind? {
        state.withLock { state in
            guard let first = state.kinds.first else { return nil }
            guard let number else { return first }
            return state.kinds.indices.contains(number) ? state.kinds[number] : nil
        }
    }
}
