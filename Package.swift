// swift-tools-version: 6.1
import PackageDescription

/// Flick: smooth, rich, variable-height timelines on Linux.
/// See docs/ARCHITECTURE.md for the module cut and the threading model.
let package = Package(
    name: "Flick",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "flick", targets: ["FlickCLI"]),
        .library(name: "FlickCore", targets: ["FlickCore"]),
        .library(name: "FlickRaster", targets: ["FlickRaster"]),
        .library(name: "FlickText", targets: ["FlickText"]),
        .library(name: "FlickTimeline", targets: ["FlickTimeline"]),
        .library(name: "FlickList", targets: ["FlickList"]),
        .library(name: "FlickImage", targets: ["FlickImage"]),
        .library(name: "FlickWindow", targets: ["FlickWindow"]),
        .library(name: "Flick", targets: ["Flick"]),
        .library(name: "FlickChat", targets: ["FlickChat"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `make docs`: the front door's documentation (DocC).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries (Debian -dev packages listed in scripts/apt-packages.txt).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo fontconfig",
            providers: [.apt(["libpango1.0-dev", "libfontconfig-dev"])]),
        .systemLibrary(name: "CFlickSys"),
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(
            name: "CCodecs", pkgConfig: "libturbojpeg libwebp libpng",
            providers: [.apt(["libturbojpeg0-dev", "libwebp-dev", "libpng-dev"])]),

        // Engine.
        .target(
            name: "FlickCore",
            dependencies: ["CFlickSys", .product(name: "HeapModule", package: "swift-collections")]),
        // Row-by-row PNG decoding with block averaging (libpng's longjmp stays in C).
        .target(name: "CFlickPNG", linkerSettings: [.linkedLibrary("png16")]),
        .target(name: "FlickRaster", dependencies: ["FlickCore", "CCairo", "CCodecs", "CFlickPNG"]),
        .target(
            name: "FlickText",
            dependencies: ["FlickCore", "FlickRaster", "CPangoCairo"],
            resources: [.copy("Resources/flick-fonts.conf")]),

        .target(name: "FlickImage", dependencies: ["FlickCore", "FlickRaster"]),
        .target(name: "FlickList", dependencies: ["FlickCore", "FlickRaster", "FlickImage"]),
        // The SDL2 window: presents a list engine's layers, feeds it input, draws the HUD.
        .target(name: "FlickWindow", dependencies: ["FlickCore", "FlickRaster", "FlickText", "FlickList", "CSDL2"]),

        // The front door: cell kinds, cells, a list of them (CellList), window taps.
        .target(name: "Flick", dependencies: ["FlickCore", "FlickRaster", "FlickText", "FlickImage", "FlickList", "FlickWindow"]),
        // The second client: a chat list, built only on `Flick`.
        .target(name: "FlickChat", dependencies: ["Flick"]),

        // The first client: a Weibo-style timeline.
        .target(
            name: "FlickTimeline",
            dependencies: [
                "FlickCore", "FlickRaster", "FlickText", "FlickList",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),

        // The `flick` command.
        .executableTarget(
            name: "FlickCLI",
            dependencies: [
                "FlickCore", "FlickRaster", "FlickText", "FlickList", "FlickTimeline", "FlickImage", "FlickWindow",
                "Flick", "FlickChat", "CPangoCairo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Tests.
        .target(
            name: "FlickTestSupport",
            dependencies: ["FlickCore", "FlickRaster"],
            path: "Tests/FlickTestSupport"),
        .testTarget(name: "FlickCoreTests", dependencies: ["FlickCore", "FlickTestSupport"]),
        .testTarget(
            name: "FlickRasterTests", dependencies: ["FlickRaster", "FlickTestSupport", "CCodecs"]),
        .testTarget(
            name: "FlickTextTests",
            dependencies: ["FlickText", "FlickRaster", "FlickTestSupport", "CPangoCairo"],
            exclude: ["References"]),
        .testTarget(name: "FlickListTests", dependencies: ["FlickList", "FlickCore", "FlickRaster", "FlickTestSupport"]),
        .testTarget(
            name: "FlickImageTests",
            dependencies: ["FlickImage", "FlickRaster", "FlickTestSupport"],
            exclude: ["Server"]),
        .testTarget(name: "FlickWindowTests", dependencies: ["FlickWindow", "FlickList", "FlickRaster", "FlickTestSupport"]),
        .testTarget(name: "FlickCLITests", dependencies: ["FlickCLI", "FlickRaster"]),
        .testTarget(name: "FlickChatTests", dependencies: ["Flick", "FlickChat", "FlickTestSupport"]),
        .testTarget(
            name: "FlickTimelineTests",
            dependencies: [
                "FlickTimeline", "FlickList", "FlickImage", "FlickTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["References"]),
    ],
    swiftLanguageModes: [.v6]
)
