// swift-tools-version: 6.1
import PackageDescription

/// libFuzzer targets for Flick's hostile-input surfaces (issue #14, part 7). A package of its
/// own so the main package and its builds stay untouched: built only by `make fuzz`
/// (scripts/fuzz.sh) with `-sanitize=fuzzer,address`, which links libFuzzer; a plain
/// `swift build` of this package does not link (no libFuzzer), by design. See fuzz/README.md.
let package = Package(
    name: "FlickFuzz",
    dependencies: [.package(name: "Flick", path: "..")],
    targets: [
        // Hands libFuzzer the command line and a target's test function (LLVMFuzzerRunDriver).
        .target(
            name: "FuzzDriver",
            dependencies: [.product(name: "FlickCore", package: "Flick"), .product(name: "FlickRaster", package: "Flick")]),
        // The feed reader and a page of a remote feed (JSON).
        .executableTarget(name: "FuzzFeed", dependencies: ["FuzzDriver", .product(name: "FlickTimeline", package: "Flick")]),
        // The stored-record decoder (`posts.body` blobs of feed.sqlite): internal, so @testable.
        .executableTarget(name: "FuzzRecord", dependencies: ["FuzzDriver", .product(name: "FlickTimeline", package: "Flick")]),
        // The rich-text parser and Pango layout under TextLimits.
        .executableTarget(name: "FuzzRichText", dependencies: ["FuzzDriver", .product(name: "FlickText", package: "Flick")]),
        // The image decoders through ImageDecoder, one target per format (own corpus each).
        .executableTarget(name: "FuzzJPEG", dependencies: ["FuzzDriver", .product(name: "FlickRaster", package: "Flick")]),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzDriver", .product(name: "FlickRaster", package: "Flick")]),
        .executableTarget(name: "FuzzWebP", dependencies: ["FuzzDriver", .product(name: "FlickRaster", package: "Flick")]),
        // A raw HTTP/1.1 response through NIO's parser, the bounded inflater and the body cap
        // (FlickHTTP's `ResponseReplay`, the parts every page and image transfer uses).
        .executableTarget(name: "FuzzHTTPBody", dependencies: ["FuzzDriver", .product(name: "FlickHTTP", package: "Flick")]),
    ]
)
