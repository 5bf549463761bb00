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

    /// What the decoder must know of a frame before decoding it.
    struct Frame: Equatable {
        /// SOF2, SOF6, SOF10 or SOF14: libjpeg keeps the whole image's coefficients.
        var progressive = false
        /// Scans (SOS markers) counted, stopping just past `scanLimit`; counted only for
        /// progressive frames (a baseline file has one scan per component at most).
        var scans = 0
    }

    /// The frame type and, for a progressive frame, its scan count: the segments before the
    /// first scan are walked by their lengths; only a progressive file's entropy-coded data is
    /// searched for further SOS markers (a byte search, stopping past `scanLimit`).
    static func frame(_ bytes: [UInt8], scanLimit: Int) -> Frame {
        bytes.withUnsafeBufferPointer { bytes in
            var frame = Frame()
            guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return frame }
            var i = 2
            while i + 4 <= bytes.count, bytes[i] == 0xFF {
                let marker = bytes[i + 1]
                if marker == 0xFF {  // fill byte
                    i += 1
                    continue
                }
                if marker == 0xD9 { return frame }
                let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                if isStartOfFrame(marker) { frame.progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) }
                if marker == 0xDA {
                    guard frame.progressive else { return frame }
                    i += 2 + length
                    break
                }
                i += 2 + length
            }
            guard frame.progressive else { return frame }
            frame.scans = 1
            // Later scans: every FF DA in the entropy-coded data (a data byte FF is always
            // followed by 00, so FF DA is a marker).
            while i + 1 < bytes.count, frame.scans <= scanLimit {
                if bytes[i] == 0xFF, bytes[i + 1] == 0xDA { frame.scans += 1 }
                i += 1
            }
            return frame
        }
    }

    /// SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}
