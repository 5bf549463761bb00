import FlickCore
import Testing

@Suite("Geometry: Point, Size, Rect, EdgeInsets")
struct GeometryTests {
    // MARK: Derived values

    @Test func rectEdgesCentreAndSizeComeFromOriginAndSize() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.minX == 10)
        #expect(rect.minY == 20)
        #expect(rect.maxX == 40)
        #expect(rect.maxY == 60)
        #expect(rect.midX == 25)
        #expect(rect.midY == 40)
        #expect(rect.width == 30)
        #expect(rect.height == 40)
        #expect(rect.center == Point(x: 25, y: 40))
        #expect(rect == Rect(origin: Point(x: 10, y: 20), size: Size(width: 30, height: 40)))
    }

    @Test func zeroValuesAreAllZero() {
        #expect(Point.zero == Point(x: 0, y: 0))
        #expect(Size.zero == Size(width: 0, height: 0))
        #expect(Rect.zero == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(EdgeInsets.zero == EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
    }

    @Test(arguments: [
        (Rect(x: 0, y: 0, width: 0, height: 10), true),
        (Rect(x: 0, y: 0, width: 10, height: 0), true),
        (Rect(x: 0, y: 0, width: -1, height: 10), true),
        (Rect(x: 5, y: 5, width: 0.5, height: 0.5), false),
    ])
    func rectIsEmptyWhenEitherSideIsZeroOrNegative(rect: Rect, empty: Bool) {
        #expect(rect.isEmpty == empty)
    }

    @Test func descriptionsShowTheNumbers() {
        #expect(Point(x: 1.5, y: -2).description == "(1.5, -2.0)")
        #expect(Size(width: 3, height: 4).description == "3.0×4.0")
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).description == "[1.0, 2.0, 3.0×4.0]")
        #expect(PixelSize(width: 750, height: 1334).description == "750×1334px")
    }

    @Test func pixelSizeAreaAndEmptiness() {
        #expect(PixelSize(width: 750, height: 1334).area == 1_000_500)
        #expect(PixelSize(width: 0, height: 5).isEmpty)
        #expect(PixelSize(width: 5, height: -1).isEmpty)
        #expect(!PixelSize(width: 1, height: 1).isEmpty)
    }

    // MARK: Containment

    @Test func containsPointIncludesMinEdgesAndExcludesMaxEdges() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.contains(Point(x: 10, y: 20)))
        #expect(rect.contains(Point(x: 39.999, y: 59.999)))
        #expect(!rect.contains(Point(x: 40, y: 30)))
        #expect(!rect.contains(Point(x: 20, y: 60)))
        #expect(!rect.contains(Point(x: 9.999, y: 30)))
        #expect(!rect.contains(Point(x: 20, y: 19.999)))
    }

    @Test func adjacentRectsNeverBothClaimTheSharedEdge() {
        let top = Rect(x: 0, y: 0, width: 100, height: 44.5)
        let bottom = Rect(x: 0, y: top.maxY, width: 100, height: 30)
        for y in stride(from: 40.0, through: 50.0, by: 0.25) {
            let point = Point(x: 50, y: y)
            #expect(!(top.contains(point) && bottom.contains(point)), "both claim \(point)")
            #expect(top.contains(point) || bottom.contains(point), "neither claims \(point)")
        }
    }

    @Test func emptyRectContainsNoPoint() {
        let rect = Rect(x: 5, y: 5, width: 0, height: 10)
        #expect(!rect.contains(Point(x: 5, y: 5)))
        #expect(!rect.contains(Point(x: 5, y: 10)))
    }

    @Test func containsRectAllowsTouchingEdgesButNotOverhang() {
        let outer = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(outer.contains(outer))
        #expect(outer.contains(Rect(x: 0, y: 50, width: 100, height: 50)))
        #expect(!outer.contains(Rect(x: 0, y: 50, width: 100, height: 50.001)))
        #expect(!outer.contains(Rect(x: -0.001, y: 0, width: 10, height: 10)))
        #expect(!Rect(x: 10, y: 10, width: 5, height: 5).contains(outer))
    }

    // MARK: Intersection and union

    @Test func overlappingRectsIntersectInTheirSharedArea() throws {
        let a = Rect(x: 0, y: 0, width: 100, height: 60)
        let b = Rect(x: 40, y: 20, width: 100, height: 100)
        #expect(a.intersects(b) && b.intersects(a))
        let overlap = try #require(a.intersection(b))
        #expect(overlap == Rect(x: 40, y: 20, width: 60, height: 40))
        #expect(b.intersection(a) == overlap)
    }

    @Test func rectsThatOnlyTouchDoNotIntersect() {
        let a = Rect(x: 0, y: 0, width: 50, height: 50)
        let right = Rect(x: 50, y: 0, width: 50, height: 50)
        let below = Rect(x: 0, y: 50, width: 50, height: 50)
        let corner = Rect(x: 50, y: 50, width: 10, height: 10)
        for other in [right, below, corner] {
            #expect(!a.intersects(other), "\(a) vs \(other)")
            #expect(a.intersection(other) == nil, "\(a) vs \(other)")
        }
    }

    @Test func disjointRectsHaveNoIntersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 20, y: 0, width: 10, height: 10)
        #expect(!a.intersects(b))
        #expect(a.intersection(b) == nil)
    }

    @Test func rectInsideAnotherIntersectsToItself() {
        let outer = Rect(x: 0, y: 0, width: 100, height: 100)
        let inner = Rect(x: 10.5, y: 20.25, width: 30, height: 40)
        #expect(outer.intersection(inner) == inner)
    }

    @Test func unionIsTheSmallestRectHoldingBoth() {
        let a = Rect(x: 10, y: 10, width: 10, height: 10)
        let b = Rect(x: -5, y: 30, width: 5, height: 20)
        let union = a.union(b)
        #expect(union == Rect(x: -5, y: 10, width: 25, height: 40))
        #expect(b.union(a) == union)
        #expect(union.contains(a) && union.contains(b))
    }

    // MARK: Offsets and insets

    @Test func offsetMovesOriginAndKeepsSize() {
        let rect = Rect(x: 1, y: 2, width: 3, height: 4).offsetBy(dx: 10, dy: -20)
        #expect(rect == Rect(x: 11, y: -18, width: 3, height: 4))
    }

    @Test func insetShrinksEachSideByItsOwnAmount() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 50)
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(rect.inset(by: insets) == Rect(x: 2, y: 1, width: 94, height: 46))
        #expect(insets.horizontal == 6)
        #expect(insets.vertical == 4)
    }

    @Test func negativeInsetGrowsTheRect() {
        let rect = Rect(x: 10, y: 10, width: 20, height: 20)
        #expect(rect.inset(by: EdgeInsets(all: -5)) == Rect(x: 5, y: 5, width: 30, height: 30))
    }

    @Test func insetByDxDyIsSymmetric() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 60)
        #expect(rect.insetBy(dx: 10, dy: 5) == Rect(x: 10, y: 5, width: 80, height: 50))
        #expect(rect.insetBy(dx: -10, dy: -5) == Rect(x: -10, y: -5, width: 120, height: 70))
    }

    @Test func insetLargerThanTheRectLeavesAnEmptyRect() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10).insetBy(dx: 6, dy: 0)
        #expect(rect.isEmpty)
        #expect(rect.width == -2)
    }

    @Test func edgeInsetsAllSetsEverySide() {
        let insets = EdgeInsets(all: 7)
        #expect(insets == EdgeInsets(top: 7, left: 7, bottom: 7, right: 7))
    }
}
