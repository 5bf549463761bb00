/// Numbers as a list's words show them. Any thread.
public enum NumberText {
    /// `number` grouped by thousands with commas: "1,204", "250,000", "-1,204". The same in
    /// every locale: the find bar and the accessible "N of M" say it alike, and tests read it.
    public static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return (number < 0 ? "-" : "") + digits + grouped
    }

    /// A row's place for assistive technology, 1-based: "1,002 of 250,000", or "1,002" when
    /// the list does not know how many rows it will have.
    public static func position(ofRow row: Int, count: Int?) -> String {
        let place = grouped(row + 1)
        return count.map { place + " of " + grouped($0) } ?? place
    }
}
