import CCairo
import FlickCore

/// Why a bitmap could not be written as PNG.
public struct PNGEncodingError: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { "PNG encoding failed: \(reason)" }
}

extension Bitmap {
    /// The bitmap as PNG bytes (through Cairo's encoder). Any thread.
    public func pngData() throws(PNGEncodingError) -> [UInt8] {
        final class Sink {
            var bytes: [UInt8] = []
        }
        let sink = Sink()
        let status = withSourceSurface { surface in
            cairo_surface_write_to_png_stream(
                surface,
                { closure, data, length in
                    let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque())
        }
        withExtendedLifetime(sink) {}
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PNGEncodingError(reason: String(cString: cairo_status_to_string(status)))
        }
        return sink.bytes
    }
}
