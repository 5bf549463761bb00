import FlickTestSupport

/// The built `flick` binary, run by these tests (one runner for every suite: FlickTestSupport).
typealias FlickCommand = FlickBinary
