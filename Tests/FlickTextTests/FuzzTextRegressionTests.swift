import FlickCore
import Testing

@testable import FlickText

/// Inputs found by `make fuzz` (fuzz/, FuzzRichText) turned into tests.
@Suite("Text layout on inputs found by fuzzing")
struct FuzzTextRegressionTests {
    /// " \u{0599}\u{FFFD}" (a space, a Hebrew combining accent, a replacement character) laid
    /// out 1 pt wide aborts the process inside Pango 1.50.12 (Debian 12): `process_line:
    /// assertion failed: (result == BREAK_SOME_FIT || result == BREAK_EMPTY_FIT)` from
    /// `pango_layout_get_line_count`, with PANGO_WRAP_WORD_CHAR only (WORD and CHAR are fine),
    /// at widths below about 1.9 pt, whatever the style. The same in plain C against Pango, so
    /// not Flick's code: `TextContext.layout` wraps by character below one em, where Pango
    /// does not abort. Every width from 0 to 3 pt, every line limit.
    @Test func aCombiningMarkAfterASpaceOnePointWide() throws {
        let context = try TextContext()
        for maxLines in [1, 2, 12] {
            for tenths in 0...30 {
                let layout = context.layout(
                    parsing: " \u{0599}\u{FFFD}", style: TextStyle(maxLines: maxLines), width: Double(tenths) / 10)
                #expect(layout.lines.count >= 1)
            }
        }
    }
}
