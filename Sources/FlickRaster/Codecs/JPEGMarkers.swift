import FlickCore

/// A JPEG's marker layout, walked without decoding anything, to name a failure honestly.
///
/// libjpeg pads a short file with a fake EOI and then reports whatever breaks next ("Bogus
/// DQT index", "missing SOS marker", or even a header of 0×0 with no error at all), so its
/// message alone cannot tell a file that stops early from a damaged one. The marker walk can.
/// Only run on failure paths: it reads every byte of the entropy-coded data.
enum JPEGMarkers {
    struct Summary: Equatable {
        /// The size the first complete SOFn segment declares, if one was reached.
        var frameSize: PixelSize?
        /// Whether the bytes run out before the EOI marker (mid-segment or mid-scan).
        var endsEarly: Bool
    }

    static func summarize(_ bytes: [UInt8]) -> Summary {
        var frameSize: PixelSize?
        func summary(endsEarly: Bool) -> Summary { Summary(frameSize: frameSize, endsEarly: endsEarly) }

        guard bytes.count >= 2 else { return summary(endsEarly: true) }
        guard bytes[0] == 0xFF, bytes[1] == 0xD8 else { return summary(endsEarly: false) }
        var i = 2
        while true {
            guard i < bytes.count else { return summary(endsEarly: true) }
            // Anything but a marker here means the structure itself is damaged.
            guard bytes[i] == 0xFF else { return summary(endsEarly: false) }
            while i < bytes.count, bytes[i] == 0xFF { i += 1 }  // fill bytes
            guard i < bytes.count else { return summary(endsEarly: true) }
            let marker = bytes[i]
            i += 1
            switch marker {
            case 0xD9:  // EOI
                return summary(endsEarly: false)
            case 0x01, 0xD0...0xD7:  // TEM, RSTn: no length
                continue
            default:
                guard i + 2 <= bytes.count else { return summary(endsEarly: true) }
                let length = Int(bytes[i]) << 8 | Int(bytes[i + 1])
                guard length >= 2 else { return summary(endsEarly: false) }
                guard i + length <= bytes.count else { return summary(endsEarly: true) }
                if isStartOfFrame(marker), length >= 7, frameSize == nil {
                    frameSize = PixelSize(
                        width: Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]), height: Int(bytes[i + 3]) << 8 | Int(bytes[i + 4]))
                }
                i += length
                if marker == 0xDA {  // SOS: entropy-coded data runs to the next real marker
                    while true {
                        guard i + 1 < bytes.count else { return summary(endsEarly: true) }
                        let next = bytes[i + 1]
                        if bytes[i] == 0xFF, next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { break }
                        i += 1
                    }
                }
            }
        }
    }

    /// SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}
