import FlickCore
import FlickRaster
import FlickTimeline

/// Posts from Flick's own generator (fixed seed) with a small image pool, for the seeds (as FuzzFeed's FeedSeeds).
enum RecordSeeds {
    static func posts(_ count: Int) -> [Post] {
        let images = ImagePool(
            avatars: [ImagePool.Entry(url: "images/a.jpg", pixelSize: PixelSize(width: 80, height: 80), format: .jpeg)],
            pictures: [
                ImagePool.Entry(url: "images/p.png", pixelSize: PixelSize(width: 300, height: 200), format: .png),
                ImagePool.Entry(url: "https://img.example/q.webp", pixelSize: PixelSize(width: 120, height: 900), format: .webp),
            ])
        let generator = PostContentGenerator(seed: 14, images: images)
        return (0..<count).map(generator.post)
    }
}
