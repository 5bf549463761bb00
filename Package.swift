// swift-tools-version: 6.1
import PackageDescription

/// Flick: smooth, rich, variable-height timelines on Linux.
/// See docs/ARCHITECTURE.md for the module cut and the threading model.
/// No target carries unsafe build flags: SwiftPM refuses them in a package taken by version,
/// and Flick is meant to be one (README, "Using Flick in your app"). The project's own release
/// builds (`make release`, `make bench`, `make demo`) add `-cross-module-optimization` from the
/// command line instead (the Makefile's `RELEASE_FLAGS`): the list engine is generic over its
/// data source and every client (`CellSource<String>`) lives in another module, so without it
/// each frame runs unspecialized generics (headless 100k standard scripts p50 0.14 -> 0.08 ms).
/// An app that wants the same passes the same flag to its release build.
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
        .library(name: "FlickHTTP", targets: ["FlickHTTP"]),
        .library(name: "FlickHost", targets: ["FlickHost"]),
        .library(name: "FlickWindow", targets: ["FlickWindow"]),
        .library(name: "Flick", targets: ["Flick"]),
        .library(name: "FlickChat", targets: ["FlickChat"]),
        .library(name: "FlickLive", targets: ["FlickLive"]),
        .library(name: "FlickGTK", targets: ["FlickGTK"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `flick serve`: the feed server on loopback (FlickServer), and its logger.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Hummingbird's own lifecycle package; FeedServer stops through a ServiceGroup of its own.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // Pages and images over HTTP (FlickHTTP): streaming response delegates, read timeouts and
        // deadlines on SwiftNIO's event loops, bounded decompression, a connection pool per host.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // SwiftNIO directly: the client's body handling (FlickHTTP) and the feed server's own
        // HTTP/1 channel (version and keep-alive, timeouts, the connection cap) under
        // Hummingbird's responder; swift-nio-extras for decompression and HTTP types.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // gzip of the feed server's cached pages (zlib, once per page version).
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        // `--db postgres://…`: the feed store in PostgreSQL (FlickFeedPostgres), LISTEN/NOTIFY.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
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
        .systemLibrary(name: "CGtk4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),

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

        // The HTTP transport of pages and images: every body bounded however it is framed.
        .target(
            name: "FlickHTTP",
            dependencies: [
                "FlickCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]),
        .target(name: "FlickImage", dependencies: ["FlickCore", "FlickRaster", "FlickHTTP"]),
        .target(name: "FlickList", dependencies: ["FlickCore", "FlickRaster", "FlickImage"]),
        // The host core, shared by every host of a list engine and linking no platform library:
        // pointer gestures and the wheel, keys and their commands, a client's taps
        // (RowInteraction), scripts, the engine rebuilt at the reader's row, texture bookkeeping.
        .target(name: "FlickHost", dependencies: ["FlickCore", "FlickRaster", "FlickList"]),
        // The SDL2 window: presents a list engine's layers, feeds it input, draws the HUD.
        .target(
            name: "FlickWindow", dependencies: ["FlickCore", "FlickRaster", "FlickText", "FlickList", "FlickHost", "CCairo", "CSDL2"]),

        // The front door: cell kinds, cells, a list of them (CellList), window taps.
        .target(name: "Flick", dependencies: ["FlickCore", "FlickRaster", "FlickText", "FlickImage", "FlickList", "FlickHost"]),
        // The second client: a chat list, built only on `Flick`.
        .target(name: "FlickChat", dependencies: ["Flick"]),
        // The live timeline: a feed client paging a server into the store, with infinite
        // scroll, pull to refresh, new posts on top and the offline cache.
        .target(name: "FlickLive", dependencies: ["FlickCore", "FlickRaster", "FlickText", "FlickList", "Flick", "FlickTimeline"]),
        // Flick inside GTK4 apps: the widget class in C (GObject subclassing), the host in Swift.
        .target(name: "CFlickGTK", dependencies: ["CGtk4"]),
        .target(name: "FlickGTK", dependencies: ["Flick", "FlickHost", "CGtk4", "CFlickGTK"]),

        // The first client: a Weibo-style timeline.
        .target(
            name: "FlickTimeline",
            dependencies: [
                "FlickCore", "FlickRaster", "FlickText", "FlickList", "Flick", "FlickHTTP",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),

        // The feed server: pages of a FeedStore over HTTP, with drills (`flick serve`).
        .target(
            name: "FlickServer",
            dependencies: [
                "FlickCore", "FlickTimeline", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),

        // The feed store in PostgreSQL, read by the server through the same seam as the SQLite
        // file (FeedReading), with LISTEN/NOTIFY carrying new posts to every server process.
        .target(
            name: "FlickFeedPostgres",
            dependencies: [
                "FlickCore", "FlickTimeline", "FlickServer", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // The `flick` command.
        .executableTarget(
            name: "FlickCLI",
            dependencies: [
                "FlickCore", "FlickRaster", "FlickText", "FlickList", "FlickTimeline", "FlickImage", "FlickWindow",
                "Flick", "FlickChat", "CPangoCairo", "FlickGTK", "CGtk4", "FlickServer", "FlickLive", "FlickFeedPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Tests.
        .target(
            name: "FlickTestSupport",
            dependencies: [
                "FlickCore", "FlickRaster", "FlickTimeline", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
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
        .testTarget(name: "FlickCLITests", dependencies: ["FlickCLI", "FlickRaster", "FlickTimeline", "FlickTestSupport"]),
        .testTarget(
            name: "FlickServerTests",
            dependencies: [
                "FlickServer", "FlickTimeline", "FlickCLI", "FlickTestSupport", "FlickHTTP", "FlickFeedPostgres",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .target(name: "CFlickGTKTesting", dependencies: ["CGtk4"], path: "Tests/CFlickGTKTesting"),
        .testTarget(
            name: "FlickGTKTests", dependencies: ["FlickGTK", "Flick", "FlickHost", "FlickTestSupport", "CGtk4", "CFlickGTK", "CFlickGTKTesting"]),
        .testTarget(
            name: "FlickLiveTests",
            dependencies: ["Flick", "FlickLive", "FlickServer", "FlickTimeline", "FlickList", "FlickImage", "FlickTestSupport"]),
        .testTarget(name: "FlickChatTests", dependencies: ["Flick", "FlickChat", "FlickTestSupport"]),
        .testTarget(
            name: "FlickTimelineTests",
            dependencies: [
                "Flick", "FlickTimeline", "FlickList", "FlickImage", "FlickTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["References"]),
    ],
    swiftLanguageModes: [.v6]
)
