// The SDL2 window.
