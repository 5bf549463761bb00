/// The height index is the list engine's row geometry: range decisions read it directly.
extension HeightIndex: RowGeometry {}
