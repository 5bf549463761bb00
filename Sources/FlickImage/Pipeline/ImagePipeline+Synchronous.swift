import FlickCore
import FlickRaster
import Foundation

extension ImagePipeline {
    /// Fetches, decodes and processes `request` on the calling thread, with no cache, no
    /// coalescing and no priority: what the naive baseline does on the main thread (and why
    /// it stutters). Blocks for as long as the fetch takes.
    public func loadSynchronously(_ request: ImageRequest) -> Result<Bitmap, ImageLoadError> {
        do throws(ImageLoadError) {
            let bytes: [UInt8]
            switch try configuration.access.resolve(request.url) {
            case .file(let path):
                bytes = try FileLoader.read(path: path, url: request.url, maxBytes: configuration.maxBodyBytes)
            case .remote(let remote):
                bytes = try download(remote, url: request.url)
            }
            return .success(try Self.decodeAndProcess(bytes, for: request, limits: configuration.decodeLimits))
        } catch {
            return .failure(error)
        }
    }

    private func download(_ remote: URL, url: String) throws(ImageLoadError) -> [UInt8] {
        let done = DispatchSemaphore(value: 0)
        let outcome = LockedBox<Result<[UInt8], ImageLoadError>?>(nil)
        _ = http.start(remote, url: url) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.value!.get()
    }
}
