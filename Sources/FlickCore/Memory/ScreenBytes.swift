/// Pixel caches sized in screens: a budget of N screens holds N viewports' worth of pixels at
/// whatever size and scale the list is shown, where a fixed byte count made for a phone screen
/// at @2x (375×667 pt, 4 MB) held four times as many screens at 1× as it needed to. Pure.
public enum ScreenBytes {
    /// Bytes of `screens` viewports of `viewport` points at `scale`, 4 bytes a pixel.
    public static func of(_ screens: Double, viewport: Size, scale: DisplayScale) -> Int {
        let pixels = (viewport.width * scale.value).rounded(.up) * (viewport.height * scale.value).rounded(.up)
        return Int(max(0, screens * pixels * 4))
    }
}
