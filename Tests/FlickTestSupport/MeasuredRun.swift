import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension FlickBinary {
    /// A finished child with what it cost: its own peak resident memory (`VmHWM` of its
    /// address space, which the child writes at exit when `FLICK_PEAK_RSS_FILE` is set; not
    /// `ru_maxrss`, which for a spawned child also counts the test runner's memory at the
    /// fork) and its wall time.
    public struct Measured: Sendable {
        public let result: Result
        /// Peak resident set of the child, in bytes.
        public let peakRSSBytes: Int
        public let seconds: Double

        public var peakRSSMB: Double { Double(peakRSSBytes) / 1_048_576 }
    }

    /// Runs `flick` with `arguments` like `run`, spawned with `posix_spawn` and reaped with
    /// `wait4`. Waits on a thread of its own (`offCooperativePool`), never on the
    /// test's executor.
    public static func runMeasured(_ arguments: [String]) async throws -> Measured {
        try await offCooperativePool { try runMeasuredBlocking(arguments) }
    }

    struct SpawnFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func runMeasuredBlocking(_ arguments: [String]) throws -> Measured {
        let folder = temporaryFolder("measured")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("stdout").path
        let errPath = folder.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let path = binary.path
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let peakPath = folder.appendingPathComponent("peak").path
        var environment = ProcessInfo.processInfo.environment
        environment["FLICK_PEAK_RSS_FILE"] = peakPath
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        let started = DispatchTime.now().uptimeNanoseconds
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw SpawnFailure(description: "posix_spawn failed: \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw SpawnFailure(description: "wait4 failed: \(errno)") }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        // WIFEXITED / WEXITSTATUS, spelled out (macros do not import).
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let result = Result(
            status: exitStatus,
            stdout: String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data(), as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data(), as: UTF8.self))
        let peakText = (try? String(contentsOfFile: peakPath, encoding: .utf8)) ?? ""
        guard let peak = Int(peakText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw SpawnFailure(description: "the child wrote no peak memory (exit \(exitStatus)): \(result.stderr)")
        }
        return Measured(result: result, peakRSSBytes: peak, seconds: seconds)
    }
}
