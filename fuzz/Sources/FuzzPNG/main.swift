import FlickRaster
import FuzzDriver

runLibFuzzer(fuzz) {
    // Opaque, with alpha, and 1-pixel; each also truncated and damaged.
    ImageSeeds.variants(.png, sizes: [(16, 12, false), (9, 7, true), (1, 1, false)])
}
