import Foundation

/// Runs a helper program for a test (xdotool, PostgreSQL's tools) with posix_spawn and
/// waitpid, not Foundation's `Process`:
/// - a daemon the program starts (`pg_ctl start`) inherits the descriptor `Process` watches for
///   its child's exit, so `waitUntilExit()` never returned;
/// - `Process` delivers a child's end on the run loop that launched it and releases itself and
///   its pipes only then; a test's thread runs no run loop, so every run was left behind
///   (LeakSanitizer in `make sanitize` counted them).
/// The child gets /dev/null for input and one output file for stdout and stderr. Any thread.
public enum SpawnedProcess {
    public struct Outcome: Sendable {
        /// Whether it exited by itself (false: killed by a signal, or by the timeout).
        public let exited: Bool
        /// Its exit status when it exited, else the signal's number.
        public let code: Int32
        /// Whether `timeout` ran out and it was killed.
        public let timedOut: Bool
        /// What it wrote to stdout and stderr.
        public let output: String

        public var succeeded: Bool { exited && code == 0 }
        /// "exit status 1", "signal 9".
        public var how: String { exited ? "exit status \(code)" : "signal \(code)" }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `argv[0]` (a path) with `argv`, in `environment` (nil: this process's), and waits
    /// for it — at most `timeout` seconds when given, then kills it (SIGKILL) and says so.
    public static func run(_ argv: [String], environment: [String: String]? = nil, timeout: Double? = nil) throws -> Outcome {
        precondition(!argv.isEmpty, "a program to run")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("flick-spawn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let variables = environment ?? ProcessInfo.processInfo.environment
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        // A test runs on a worker thread that blocks SIGTERM, and a child inherits the mask: one
        // started so could not be stopped by `kill` (nor could its own children). It starts with
        // nothing blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else { throw Failure(description: "cannot run \(argv[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                let done = waitpid(pid, &status, WNOHANG)
                if done == pid || done < 0 && errno != EINTR { break }
                if Date() >= deadline {
                    timedOut = true
                    kill(pid, SIGKILL)
                    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                    break
                }
                usleep(5_000)
            }
        } else {
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import (macros).
        let exited = status & 0x7F == 0
        return Outcome(
            exited: exited && !timedOut, code: exited ? (status >> 8) & 0xFF : status & 0x7F, timedOut: timedOut,
            output: (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}
