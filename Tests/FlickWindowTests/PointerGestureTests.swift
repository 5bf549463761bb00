import FlickCore
import FlickWindow
import Testing

@Suite("Pointer gesture")
struct PointerGestureTests {
    @Test func aStillPressIsATap() {
        var gesture = PointerGesture(slop: 6)
        let point = Point(x: 100, y: 200)
        #expect(gesture.down(at: point, listWasMoving: false) == [.touchDown, .press(point)])
        #expect(gesture.move(to: Point(x: 103, y: 204)).isEmpty, "within the slop")
        #expect(gesture.up() == [.tap(point)])
        #expect(!gesture.isDown)
    }

    @Test func movingPastTheSlopBecomesADragAndCancelsThePress() {
        var gesture = PointerGesture(slop: 6)
        _ = gesture.down(at: Point(x: 100, y: 500), listWasMoving: false)
        #expect(gesture.move(to: Point(x: 100, y: 490)) == [.cancelPress, .beginDrag(y: 490), .drag(y: 490)])
        #expect(gesture.move(to: Point(x: 100, y: 400)) == [.drag(y: 400)])
        #expect(gesture.up() == [.endDrag])
    }

    @Test func aPressThatStopsAFlingNeitherHighlightsNorTaps() {
        var gesture = PointerGesture()
        let point = Point(x: 10, y: 10)
        #expect(gesture.down(at: point, listWasMoving: true) == [.touchDown])
        #expect(gesture.up().isEmpty)
        _ = gesture.down(at: point, listWasMoving: true)
        #expect(gesture.move(to: Point(x: 10, y: 100)) == [.beginDrag(y: 100), .drag(y: 100)])
    }

    @Test func movesWithoutAPressAndCancelsAreHarmless() {
        var gesture = PointerGesture()
        #expect(gesture.move(to: .zero).isEmpty)
        #expect(gesture.up().isEmpty)
        #expect(gesture.cancel().isEmpty)
        _ = gesture.down(at: .zero, listWasMoving: false)
        #expect(gesture.cancel() == [.cancelPress])
        _ = gesture.down(at: .zero, listWasMoving: false)
        _ = gesture.move(to: Point(x: 0, y: 50))
        #expect(gesture.cancel() == [.endDrag])
    }

    @Test func aScriptedDragMovesFromItsFirstPointWithNoSlop() {
        var gesture = PointerGesture(slop: 6)
        #expect(gesture.downDragging(at: Point(x: 100, y: 500)) == [.touchDown, .beginDrag(y: 500)])
        #expect(gesture.move(to: Point(x: 100, y: 498)) == [.drag(y: 498)], "a step inside the slop still moves the list")
        #expect(gesture.up() == [.endDrag])
        // Started over a held press: the press is dropped first.
        _ = gesture.down(at: .zero, listWasMoving: false)
        #expect(gesture.downDragging(at: Point(x: 0, y: 10)) == [.cancelPress, .touchDown, .beginDrag(y: 10)])
    }
}
