// A GTK app needs GTK's own calls beside the widget (a window to hold it, the main loop):
// `import FlickGTK` brings GTK 4's C API with it, so an app imports products only.
@_exported import CGtk4
