// swift-tools-version: 6.1
import PackageDescription

/// An app that depends on Flick the way any other package does: by URL and version.
/// `make consumer` (scripts/consumer.sh) points `FLICK_PACKAGE_URL` at a clone of this
/// repository tagged with the version below, then resolves, builds and runs this app; `make
/// test` checks that the graph resolves. In your own package write Flick's git URL instead.
let flickURL = Context.environment["FLICK_PACKAGE_URL"] ?? "https://github.com/flick-lists/flick"

let package = Package(
    name: "NotesApp",
    dependencies: [
        .package(url: flickURL, from: "0.1.0"),
    ],
    targets: [
        .executableTarget(name: "NotesApp", dependencies: [.product(name: "Flick", package: "flick"), .product(name: "FlickGTK", package: "flick")]),
    ]
)
