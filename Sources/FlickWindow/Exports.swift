// The SDL window is one host over the host core: what a window's client names (key map,
// window scripts, row interaction) comes with `import FlickWindow`.
@_exported import FlickHost
