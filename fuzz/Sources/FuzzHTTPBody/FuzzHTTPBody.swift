import FlickHTTP
import FuzzDriver

/// Small caps so that the fuzzer reaches them: a 64 KiB body, a 512-byte error body, a
/// ratio of 100 (the page's default).
let replayConfiguration: HTTPTransport.Configuration = {
    var configuration = HTTPTransport.Configuration()
    configuration.maxBodyBytes = 64 * 1024
    configuration.maxErrorBodyBytes = 512
    configuration.maxInflationRatio = 100
    return configuration
}()

/// The fuzz test: the input as the raw bytes of one HTTP/1.1 response (status line, headers,
/// any framing, any Content-Encoding), read by `ResponseReplay` through NIO's parser, the
/// bounded inflater and `BoundedBody`, first in 4 KiB reads, then in 7-byte reads (framing
/// split everywhere). Errors are expected; a trap, a hang or memory past the caps (the kept
/// body is checked here, the rest by -rss_limit_mb) is a finding.
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(fuzzInput(data, size))
    for chunk in [4096, 7] {
        if case .success(let response) = ResponseReplay.read(bytes, configuration: replayConfiguration, chunkSize: chunk) {
            let cap = response.isSuccess ? replayConfiguration.maxBodyBytes : replayConfiguration.maxErrorBodyBytes
            precondition(response.body.readableBytes <= cap, "a body of \(response.body.readableBytes) bytes passed its cap \(cap)")
        }
    }
    return 0
}
