import FlickRaster
import FuzzDriver

runLibFuzzer(fuzz) {
    // Lossy (VP8) and lossless (VP8L, with alpha).
    ImageSeeds.variants(.webp, sizes: [(16, 12, false), (1, 1, false)])
        .merging(ImageSeeds.variants(.webp, sizes: [(9, 7, true)], lossless: true)) { first, _ in first }
}
