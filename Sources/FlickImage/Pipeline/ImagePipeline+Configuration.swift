import FlickCore
import FlickHTTP
import FlickRaster
import Foundation

extension ImagePipeline {
    /// Limits and timeouts. Every default says why it is what it is. Decoding concurrency is
    /// not set here: decodes run on the `ImageWorkers` given at init (normally the engine
    /// pool's utility lane, one serial queue per active core).
    public struct Configuration: Sendable {
        /// What image URLs may read (`ImageAccessPolicy`): files under the feed's folder and
        /// http(s), unless widened explicitly. Default: a local feed in the current folder.
        public var access = ImageAccessPolicy(feedLocation: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        /// The feed's folder: relative URLs resolve against it and local images must lie in it
        /// (`access.feedLocation`). Default: the current folder.
        public var baseFolder: URL {
            get { access.feedLocation }
            set { access.feedLocation = newValue }
        }
        /// Bytes of processed bitmaps kept in memory. Default 10 MB: rows hold the images they
        /// show themselves (a list's rows in its ranges need no cache), so this serves rows
        /// coming back into the ranges and requests made twice. The images of every row in a
        /// list's ranges (about six 375×667 pt screens at @2x) measured 2–5 MB, under 1 MB a
        /// screen, so 10 MB also holds those of the four screens of rows whose bitmaps are
        /// kept beyond the ranges. (32 MB before, full at the end of every benchmark run.)
        public var memoryLimit = 10 * 1024 * 1024
        /// Folder of the disk cache of downloaded bytes; `nil` = no disk cache. Local files are
        /// never copied there.
        public var diskFolder: URL? = nil
        /// Bytes of downloaded originals kept on disk. Default 256 MB: about 2,000 feed pictures,
        /// evicted least recently used first.
        public var diskLimit = 256 * 1024 * 1024
        /// Downloads running at once, over all hosts. Default 6: a browser's connection count
        /// per page origin; more only queues inside the servers and delays the visible images
        /// behind preloads.
        public var maxConcurrentDownloads = 6
        /// Downloads running at once from one host (host and port). Default 2: HTTP/1.1's old
        /// per-server advice, and at most a third of `maxConcurrentDownloads`, so a host that
        /// stalls holds two slots while the other four keep serving every other host; a
        /// healthy single host still gets two parallel transfers (the body, not the handshake,
        /// is most of a feed picture's time).
        public var maxDownloadsPerHost = 2
        /// Time allowed without receiving a byte (the answer's head included), per transfer: a
        /// stalled host's transfer ends as `.timedOut` after it and frees its slot. Default
        /// 10 s: a picture's first byte comes in milliseconds from a healthy host.
        public var idleTimeout = 10.0
        /// Time allowed for a whole download, redirects included, so a trickling server cannot
        /// hold a slot. Default 30 s: a 32 MB body at 1 MB/s still arrives, a drip does not.
        public var totalTimeout = 30.0
        /// Seconds to open a connection. Default 5: a host that does not accept one in five
        /// seconds is down; its slot goes to the next image sooner than the idle timeout.
        public var connectTimeout = 5.0
        /// Largest body accepted, counted as it arrives (inflated, when gzip or deflate),
        /// whatever its framing (announced length, chunked, closed by the server). Default
        /// 32 MB: far above any feed picture, far below memory harm (six downloads at once
        /// hold at most 192 MB, under the 300 MB a client may take against any server).
        public var maxBodyBytes = 32 * 1024 * 1024
        /// Largest ratio of inflated to compressed bytes of a gzip or deflate body, checked
        /// inside the inflater step by step. Default 20: JPEG, PNG and WebP do not compress
        /// (about 1×); anything far above that is a bomb.
        public var maxInflationRatio = 20
        /// Redirects followed at most, each to a URL the feed's images may reach
        /// (`access`). Default 5: a CDN's redirect takes one or two.
        public var maxRedirects = 5
        /// Seconds a failed request is answered from memory with the same error instead of
        /// being fetched again. Default 30 s: a broken image scrolled past and back costs one
        /// request, not one per appearance, and a server that recovers is tried again soon.
        public var failureRetryInterval = 30.0
        /// Largest image decoded, in pixels (width × height). Default 50 M: a 4000 × 4000 photo
        /// passes, a decompression bomb's header is refused before any pixel is allocated.
        public var pixelLimit = 50_000_000
        /// Largest working memory one decode may hold, in bytes: the decoded pixels plus what
        /// the codec keeps beside them (a progressive JPEG's coefficients, a lossless WebP's
        /// whole-image buffer), estimated from the header before anything is allocated. Images
        /// are decoded straight to the slot (JPEG scaled IDCT, PNG row-by-row block averaging
        /// — interlaced too —, WebP scaled decode, the slot's crop only), so ordinary pictures
        /// need a few MB; only a codec that cannot decode scaled comes near this. Default
        /// 96 MB: a 24 MP lossless WebP (96 MB) or a 24 MP progressive 4:2:0 JPEG (72 MB of
        /// coefficients) still decodes, while two decode workers never hold more than ~200 MB
        /// between them (the 50 MP pixel limit alone let one decode take 300 MB).
        public var decodeMemoryLimit = 96 * 1024 * 1024
        /// Most scans a progressive JPEG may have. Default 100: encoders write about 10
        /// (libjpeg's default script) and mozjpeg's tuned scripts under 30, while each scan
        /// revisits the whole image, so a file of thousands of tiny scans costs seconds of a
        /// worker for one picture.
        public var maxProgressiveScans = 100

        public init() {}

        /// The transport's limits for these downloads.
        var transport: HTTPTransport.Configuration {
            var transport = HTTPTransport.Configuration()
            transport.idleTimeout = idleTimeout
            transport.totalTimeout = totalTimeout
            transport.connectTimeout = connectTimeout
            transport.maxBodyBytes = maxBodyBytes
            // An error status is all the pipeline reports; its body is not read.
            transport.maxErrorBodyBytes = 0
            transport.maxInflationRatio = maxInflationRatio
            transport.maxRedirects = maxRedirects
            transport.connectionsPerHost = maxDownloadsPerHost
            return transport
        }

        /// The decoder's limits from this configuration (target and scale are set per request).
        var decodeLimits: DecodeOptions {
            DecodeOptions(pixelLimit: pixelLimit, memoryLimit: decodeMemoryLimit, maxProgressiveScans: maxProgressiveScans)
        }
    }
}
