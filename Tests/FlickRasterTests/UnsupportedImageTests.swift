import FlickCore
import FlickRaster
import FlickTestSupport
import Testing

@Suite("Valid images Flick does not decode, and images that cannot be encoded")
struct UnsupportedImageTests {
    @Test func animatedWebPIsUnsupported() {
        let animated = HandBuilt.webpVP8X(width: 64, height: 64, animated: true)
        let expected = ImageDecodingError.unsupported(.webp, reason: "animated WebP")
        #expect(decodingError(animated) == expected)
        #expect(decodingError { () throws(ImageDecodingError) in _ = try ImageDecoder.header(of: animated) } == expected)
        #expect(expected.description == "WEBP feature not supported: animated WebP")
    }

    @Test func stillVP8XHeaderIsNotMistakenForAnimation() throws {
        let header = try ImageDecoder.header(of: HandBuilt.webpVP8X(width: 64, height: 48))
        #expect(header.pixelSize == PixelSize(width: 64, height: 48))
        #expect(header.hasAlpha)
    }

    @Test func cmykJPEGIsUnsupported() {
        let cmyk = HandBuilt.jpeg(width: 64, height: 64, components: 4)
        let expected = ImageDecodingError.unsupported(.jpeg, reason: "CMYK/YCCK colour space")
        #expect(decodingError(cmyk) == expected)
        #expect(decodingError { () throws(ImageDecodingError) in _ = try ImageDecoder.header(of: cmyk) } == expected)
    }

    @Test func greyHandBuiltJPEGHeaderReads() throws {
        let header = try ImageDecoder.header(of: HandBuilt.jpeg(width: 64, height: 32))
        #expect(header.format == .jpeg)
        #expect(header.pixelSize == PixelSize(width: 64, height: 32))
        #expect(!header.hasAlpha)
    }

    @Test(arguments: ImageFormat.allCases)
    func encodingAnEmptyBitmapFailsWithTheFormatNamed(format: ImageFormat) {
        let empty = Canvas(pixelSize: PixelSize(width: 0, height: 0), scale: .one).makeBitmap()
        do {
            let bytes = try ImageEncoder.encode(empty, as: format)
            Issue.record("\(format) wrote \(bytes.count) bytes for a 0×0 bitmap")
        } catch {
            #expect(error.format == format)
            #expect(error.description.hasPrefix("\(format) encoding failed"))
        }
    }
}
