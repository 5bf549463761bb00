// The image pipeline: requests, loaders, caches, decoding on workers.
