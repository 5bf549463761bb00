/// A cell kind erased once for all its cells. `Cell(id:version:kind:content:)` with a plain
/// kind erases it for every cell it makes (closures and, for `Hashable` kinds, a boxed value);
/// a list that makes cells on every frame — cells of rows in storage are made each time the
/// engine asks for a row — keeps one of these per kind instead. Value; any thread.
public struct PreparedCellKind<Kind: CellKind>: Sendable {
    /// The kind itself (give it to `CellList(configuration:kinds:)` like any kind).
    public let kind: Kind
    let erased: AnyCellKind

    public init(_ kind: Kind) {
        self.kind = kind
        erased = AnyCellKind(kind)
    }
}

extension Cell {
    /// A row of `kind` showing `content`, with a kind erased beforehand; bump `version`
    /// whenever `content` changes.
    public init<Kind: CellKind>(id: ID, version: UInt64, kind: PreparedCellKind<Kind>, content: Kind.Content) {
        self.init(id: id, version: version, erased: kind.erased, content: content)
    }
}
