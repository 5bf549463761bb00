import Flick
@testable import FlickTimeline

extension CellSource where ID == String {
    /// The timeline pages under a test's engine.
    var timeline: TimelinePages { pages as! TimelinePages }
}

extension TimelinePages {
    /// An engine over these pages (a `CellList`'s), 375 × 667 pt at 2×, with `configuration`.
    @MainActor
    func makeEngine(
        configuration: ListEngine<CellSource<String>>.Configuration = .init(), images: ImagePipeline? = nil,
        pool: QueuePool<TextContext?>? = nil
    ) -> ListEngine<CellSource<String>> {
        var list = CellList<String>.Configuration.timeline
        list.engine = configuration
        return makeList(configuration: list, images: images, pool: pool).engine
    }
}

extension TimelinePages {
    /// `post` laid out as the list's workers lay it out (through the layout cache), 375 pt at 2×.
    func layout(_ post: Post, width: Double = 375, context: TextContext) -> PostLayout {
        cell(of: post).layoutForTests(width: width, context: context)
    }
}

extension Cell where ID == String {
    func layoutForTests(width: Double, context: TextContext) -> PostLayout {
        let source = CellSource<String>()
        return source.layout(self, width: width, scale: .two, context: context)!.layout(as: PostLayout.self)!
    }
}
