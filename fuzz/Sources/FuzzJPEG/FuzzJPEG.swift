import FuzzDriver
import FlickCore
import FlickRaster

/// The fuzz test: bytes decoded by `ImageDecoder` as the image pipeline does (the default
/// 50 MP pixel limit, downsampled to fill a thumbnail slot), after reading the header. The
/// corpus (fuzz/corpus/jpeg) holds JPEG files, so mutations stay mostly JPEG; any
/// format's bytes are accepted. Typed errors are expected; a trap, a hang or a memory
/// blow-up is a finding.
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    let bytes = Array(input)
    _ = try? ImageDecoder.header(of: bytes)
    _ = try? ImageDecoder.decode(bytes, options: DecodeOptions(target: .fill(PixelSize(width: 180, height: 180))))
    return 0
}
