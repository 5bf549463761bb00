import CSDL2
import FlickCore
import FlickList

/// A window event in Flick's terms, positions in device pixels of the drawable.
public enum WindowEvent: Hashable, Sendable {
    case quit
    case resized(PixelSize)
    /// The button goes down with `modifiers` held (Ctrl+click toggles a row, Shift+click extends).
    case pointerDown(x: Double, y: Double, modifiers: KeyModifiers = [])
    case pointerMoved(x: Double, y: Double)
    case pointerUp
    /// Wheel or trackpad: positive scrolls toward later rows, in wheel notches (fractional
    /// for precise trackpads).
    case wheel(notches: Double)
    case key(Key, KeyModifiers, isRepeat: Bool)
    /// Text typed (SDL's text input: the characters a key or an input method produced).
    case text(String)
    /// The window lost focus or the pointer left: a held press ends.
    case focusLost
}

extension WindowEvent {
    /// Whether the user did it (a key, the pointer, the wheel, text), not the window system.
    public var isInput: Bool {
        switch self {
        case .pointerDown, .pointerMoved, .pointerUp, .wheel, .key, .text: true
        case .quit, .resized, .focusLost: false
        }
    }
}

extension SDLDisplay {
    /// Drains SDL's queue. Main thread (SDL pumps X events here).
    func pollEvents() -> [WindowEvent] {
        var events: [WindowEvent] = []
        var event = SDL_Event()
        var factor: Double?
        // SDL pumps every X event before the first is read, so SDL_GetModState is the state
        // after the last of them: the modifiers in effect at each click are followed here
        // instead, from the key events in between, in order.
        var modifiers = heldModifiers
        while SDL_PollEvent(&event) != 0 {
            let pixelsPerUnit = factor ?? pixelsPerWindowUnit
            factor = pixelsPerUnit
            if event.type == SDL_KEYDOWN.rawValue || event.type == SDL_KEYUP.rawValue {
                modifiers = Self.modifiers(UInt32(event.key.keysym.mod))
            }
            if let mapped = Self.map(event, pixelsPerUnit: pixelsPerUnit, modifiers: modifiers) { events.append(mapped) }
        }
        heldModifiers = modifiers
        return events
    }

    /// Drawable pixels per window coordinate: 1 on X11; 2 where the window system scales
    /// (mouse positions come in window coordinates).
    var pixelsPerWindowUnit: Double {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        guard width > 0 else { return 1 }
        return Double(outputSize.width) / Double(width)
    }

    private static func map(_ event: SDL_Event, pixelsPerUnit: Double, modifiers held: KeyModifiers) -> WindowEvent? {
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
                return .resized(
                    PixelSize(
                        width: Int((Double(event.window.data1) * pixelsPerUnit).rounded()),
                        height: Int((Double(event.window.data2) * pixelsPerUnit).rounded())))
            case SDL_WINDOWEVENT_FOCUS_LOST.rawValue:
                return .focusLost
            case SDL_WINDOWEVENT_CLOSE.rawValue:
                return .quit
            default:
                return nil
            }
        case SDL_MOUSEBUTTONDOWN.rawValue where Int32(event.button.button) == SDL_BUTTON_LEFT:
            return .pointerDown(
                x: Double(event.button.x) * pixelsPerUnit, y: Double(event.button.y) * pixelsPerUnit, modifiers: held)
        case SDL_MOUSEBUTTONUP.rawValue where Int32(event.button.button) == SDL_BUTTON_LEFT:
            return .pointerUp
        case SDL_MOUSEMOTION.rawValue:
            return .pointerMoved(x: Double(event.motion.x) * pixelsPerUnit, y: Double(event.motion.y) * pixelsPerUnit)
        case SDL_MOUSEWHEEL.rawValue:
            let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
            let precise = Double(event.wheel.preciseY)
            let amount = precise != 0 ? precise : Double(event.wheel.y)
            // SDL: positive y scrolls away from the user (up the page).
            return .wheel(notches: flipped ? amount : -amount)
        case SDL_TEXTINPUT.rawValue:
            // UTF-8, NUL-terminated, in a fixed 32-byte buffer (an input method may send more
            // than one character at once).
            let text = withUnsafeBytes(of: event.text.text) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            return text.isEmpty ? nil : .text(text)
        case SDL_KEYDOWN.rawValue:
            guard let key = key(for: event.key.keysym.sym) else { return nil }
            return .key(key, modifiers(UInt32(event.key.keysym.mod)), isRepeat: event.key.repeat != 0)
        default:
            return nil
        }
    }

    /// SDL's modifier state in Flick's terms.
    private static func modifiers(_ mod: UInt32) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if mod & KMOD_SHIFT.rawValue != 0 { modifiers.insert(.shift) }
        if mod & KMOD_CTRL.rawValue != 0 { modifiers.insert(.control) }
        return modifiers
    }

    /// SDL key codes Flick knows; printable keys by their (unshifted) character.
    static func key(for code: SDL_Keycode) -> Key? {
        let special: [UInt32: Key] = [
            UInt32(SDLK_SPACE.rawValue): .space, UInt32(SDLK_PAGEDOWN.rawValue): .pageDown,
            UInt32(SDLK_PAGEUP.rawValue): .pageUp, UInt32(SDLK_DOWN.rawValue): .down, UInt32(SDLK_UP.rawValue): .up,
            UInt32(SDLK_HOME.rawValue): .home, UInt32(SDLK_END.rawValue): .end, UInt32(SDLK_ESCAPE.rawValue): .escape,
            UInt32(SDLK_TAB.rawValue): .tab, UInt32(SDLK_F1.rawValue): .f1, UInt32(SDLK_F3.rawValue): .f3,
            UInt32(SDLK_LEFT.rawValue): .left, UInt32(SDLK_RIGHT.rawValue): .right, UInt32(SDLK_RETURN.rawValue): .enter,
            UInt32(SDLK_KP_ENTER.rawValue): .enter, UInt32(SDLK_BACKSPACE.rawValue): .backspace,
        ]
        let raw = UInt32(bitPattern: code)
        if let key = special[raw] { return key }
        guard raw >= 0x21, raw < 0x7F, let scalar = Unicode.Scalar(raw) else { return nil }
        return .character(Character(scalar).lowercased().first ?? Character(scalar))
    }
}
