import FlickRaster
import FuzzDriver

runLibFuzzer(fuzz) {
    ImageSeeds.variants(.jpeg, sizes: [(16, 12, false), (9, 7, false), (1, 1, false)])
}
