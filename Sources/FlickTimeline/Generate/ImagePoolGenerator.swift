import FlickCore
import FlickRaster
import Foundation

/// Draws and encodes the image pool of a generated feed into `DIR/images/`: avatars, and
/// pictures in JPEG, PNG with alpha and WebP; from 200 px to 4,000 px; portrait, landscape,
/// panoramic and square; a few very large. Same seed, same bytes. Any thread.
public struct ImagePoolGenerator: Sendable {
    /// One image to make: its name, size and format.
    struct Recipe {
        let name: String
        let size: PixelSize
        let format: ImageFormat
        let lossless: Bool
        let transparent: Bool
    }

    public let seed: UInt64

    public init(seed: UInt64) {
        self.seed = seed
    }

    static let avatarRecipes: [Recipe] = (0..<24).map { index in
        let side = [200, 240, 320, 400][index % 4]
        let format: ImageFormat = index % 6 == 4 ? .png : index % 6 == 5 ? .webp : .jpeg
        return Recipe(name: "a\(pad(index))", size: PixelSize(width: side, height: side), format: format, lossless: false, transparent: false)
    }

    static let pictureRecipes: [Recipe] = {
        let plan: [(Int, Int, ImageFormat, Bool, Bool)] = [
            (800, 600, .jpeg, false, false), (1200, 900, .jpeg, false, false), (1920, 1440, .jpeg, false, false),
            (1920, 1080, .jpeg, false, false), (1280, 720, .jpeg, false, false), (900, 1200, .jpeg, false, false),
            (1080, 1920, .jpeg, false, false), (4000, 1000, .jpeg, false, false), (3000, 750, .jpeg, false, false),
            (1080, 1080, .jpeg, false, false), (600, 600, .jpeg, false, false), (200, 200, .jpeg, false, false),
            (4000, 3000, .jpeg, false, false), (3000, 4000, .jpeg, false, false), (800, 800, .png, false, true),
            (600, 900, .png, false, true), (1200, 600, .png, false, true), (1000, 750, .webp, false, false),
            (750, 1000, .webp, false, false), (1600, 900, .webp, false, false), (512, 512, .webp, true, true),
            (320, 480, .jpeg, false, false),
        ]
        return plan.enumerated().map { index, entry in
            Recipe(
                name: "p\(pad(index))", size: PixelSize(width: entry.0, height: entry.1), format: entry.2, lossless: entry.3,
                transparent: entry.4)
        }
    }()

    /// The pool `write(into:)` produces, without drawing anything (for layout-only uses).
    public static var plannedPool: ImagePool {
        func entries(_ recipes: [Recipe]) -> [ImagePool.Entry] {
            recipes.map { ImagePool.Entry(url: "images/\($0.name).\($0.format.fileExtension)", pixelSize: $0.size, format: $0.format) }
        }
        return ImagePool(avatars: entries(avatarRecipes), pictures: entries(pictureRecipes))
    }

    /// Writes every image into `directory/images/` and returns the pool.
    public func write(into directory: URL) throws -> ImagePool {
        let folder = directory.appendingPathComponent("images", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func make(_ recipes: [Recipe], salt: UInt64) throws -> [ImagePool.Entry] {
            try recipes.enumerated().map { index, recipe in
                let bytes = try ImageEncoder.encode(
                    draw(recipe, seed: seed ^ salt &+ UInt64(index)), as: recipe.format, quality: 82, lossless: recipe.lossless)
                let file = recipe.name + "." + recipe.format.fileExtension
                try Data(bytes).write(to: folder.appendingPathComponent(file))
                return ImagePool.Entry(url: "images/" + file, pixelSize: recipe.size, format: recipe.format)
            }
        }
        return ImagePool(avatars: try make(Self.avatarRecipes, salt: 0xA), pictures: try make(Self.pictureRecipes, salt: 0xB))
    }

    /// Abstract art: a tinted background (or none, for alpha images), a few discs and bars.
    func draw(_ recipe: Recipe, seed: UInt64) -> Bitmap {
        var random = SplitMix64(seed: seed)
        let canvas = Canvas(pixelSize: recipe.size, scale: .one)
        let bounds = canvas.bounds
        func color(_ alpha: Double = 1) -> Color {
            Color(red: random.unit(), green: random.unit(), blue: random.unit(), alpha: alpha)
        }
        if !recipe.transparent { canvas.fill(bounds, color()) }
        let bands = 6
        for band in 0..<bands {
            let height = bounds.height / Double(bands)
            canvas.fill(Rect(x: 0, y: Double(band) * height, width: bounds.width, height: height / 2), color(0.25))
        }
        let unit = min(bounds.width, bounds.height)
        for _ in 0..<5 {
            let radius = unit * (0.1 + 0.25 * random.unit())
            let center = Point(x: bounds.width * random.unit(), y: bounds.height * random.unit())
            canvas.fillEllipse(
                in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
                color(recipe.transparent ? 0.8 : 0.9))
        }
        canvas.fillRoundedRect(bounds.insetBy(dx: unit * 0.3, dy: unit * 0.3), radius: unit * 0.05, color(0.7))
        return canvas.makeBitmap()
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension ImageFormat {
    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        }
    }
}
