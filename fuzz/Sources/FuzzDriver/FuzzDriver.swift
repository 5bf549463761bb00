import Foundation

/// libFuzzer's entry for a program with its own `main` (compiler-rt FuzzerInterface.h):
/// parses libFuzzer's command line and calls `test` with each input.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// One fuzz input as a buffer (empty when libFuzzer passes no bytes).
public typealias FuzzInput = UnsafeBufferPointer<UInt8>

/// The function a fuzz target's `main.swift` names: one input in, nothing out. It must
/// return normally for every input; a trap, a hang past `-timeout` or memory past
/// `-rss_limit_mb` is what libFuzzer reports.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer with this process's arguments and exits with its status.
///
/// `<fuzzer> --write-seeds DIR` instead writes `seeds()` (file name → bytes) into DIR and
/// exits: the seed corpora in fuzz/corpus are made this way, with Flick's own encoders
/// (`scripts/fuzz.sh --write-seeds`).
///
/// Why not `@_cdecl("LLVMFuzzerTestOneInput")` and libFuzzer's own `main`: on Linux SwiftPM
/// compiles an executable target's entry point as `<Target>_main` and links `main` to it
/// (`--defsym`), so a target without top-level code does not link, and one with top-level code
/// runs that instead of libFuzzer. `main.swift` calls this instead (LLVMFuzzerRunDriver).
public func runLibFuzzer(_ test: FuzzTest, seeds: () -> [String: [UInt8]]) -> Never {
    let arguments = CommandLine.arguments
    if arguments.count == 3, arguments[1] == "--write-seeds" {
        let folder = URL(fileURLWithPath: arguments[2], isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, bytes) in seeds().sorted(by: { $0.key < $1.key }) {
                try Data(bytes).write(to: folder.appendingPathComponent(name))
            }
        } catch {
            FileHandle.standardError.write(Data("fuzz: cannot write seeds to \(folder.path): \(error)\n".utf8))
            exit(1)
        }
        exit(0)
    }
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

/// `data`/`size` as a buffer; libFuzzer may pass a null pointer for an empty input.
@inline(__always)
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> FuzzInput {
    UnsafeBufferPointer(start: size > 0 ? data : nil, count: size > 0 ? size : 0)
}

/// Seeds made from a valid sample: the sample, its first half (truncated) and a copy with one
/// byte in the middle flipped (damaged), named `<name>.<ext>`, `<name>-truncated.<ext>` and
/// `<name>-flipped.<ext>`.
public func seedVariants(_ name: String, _ ext: String, _ bytes: [UInt8]) -> [String: [UInt8]] {
    var flipped = bytes
    if !flipped.isEmpty { flipped[flipped.count / 2] ^= 0xFF }
    return [
        "\(name).\(ext)": bytes,
        "\(name)-truncated.\(ext)": Array(bytes.prefix(bytes.count / 2)),
        "\(name)-flipped.\(ext)": flipped,
    ]
}
