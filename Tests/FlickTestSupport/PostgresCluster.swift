import FlickCore
import Foundation

/// A throwaway PostgreSQL server for tests: a new cluster (`initdb`) in a temporary folder,
/// started (`pg_ctl`) on a free loopback port with password login, stopped and removed by
/// `destroy()`. Never a mock: the tests of the PostgreSQL store run against this.
///
/// Uses Debian's `postgresql` package (scripts/apt-packages.txt), found under
/// /usr/lib/postgresql/<version>/bin. `initdb` refuses to run as root, so when the tests run
/// as root (CI) the cluster's commands run as the package's `postgres` user (or `nobody`)
/// through `runuser`, in a folder that user owns.
///
/// Every method blocks the calling thread (child processes; a start takes a second or
/// two): call it through `offCooperativePool`.
public final class PostgresCluster: Sendable {
    /// Why a cluster could not be made or started, with the command's output.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The role made with the cluster, and its password.
    public static let user = "flick"
    public static let password = "flick-test-password"
    /// The database the tests use (made by `initdb`).
    public static let database = "postgres"

    public let folder: URL
    public let port: Int
    let binaries: URL
    /// The unprivileged user running the server when the tests run as root; nil otherwise.
    let runAs: String?

    /// `postgres://flick:<password>@127.0.0.1:<port>/postgres`.
    public var url: String { url(password: Self.password) }

    /// The cluster's URL with another password (for the bad-credentials tests).
    public func url(password: String) -> String {
        "postgres://\(Self.user):\(password)@127.0.0.1:\(port)/\(Self.database)"
    }

    private var data: URL { folder.appendingPathComponent("data") }

    private init(folder: URL, port: Int, binaries: URL, runAs: String?) {
        self.folder = folder
        self.port = port
        self.binaries = binaries
        self.runAs = runAs
    }

    /// Makes a cluster and starts it: a copy of a template cluster made once per test
    /// process (`initdb` takes seconds on a loaded machine; a copy, milliseconds), on a port
    /// of its own. Blocking.
    public static func start() throws -> PostgresCluster {
        let binaries = try findBinaries()
        let template = try templateData.get()
        let folder = newFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let runAs { try run("/bin/chown", [runAs, folder.path], as: nil, in: folder) }
        let cluster = PostgresCluster(folder: folder, port: try LoopbackPort.free(), binaries: binaries, runAs: runAs)
        try run("/bin/cp", ["-a", template.path, cluster.data.path], as: runAs, in: folder)
        try cluster.resume()
        return cluster
    }

    /// Who runs the server: nobody special unless the tests run as root.
    private static let runAs: String? = getuid() == 0 ? (userExists("postgres") ? "postgres" : "nobody") : nil

    private static func newFolder() -> URL {
        URL(fileURLWithPath: "/tmp").appendingPathComponent("flick-pg-\(UUID().uuidString)")
    }

    /// The template's data folder, made once per process by `initdb` (role `user` with
    /// `password`, password login); removed when the process exits.
    private static let templateData: Result<URL, any Error> = Result {
        let folder = newFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let passwordFile = folder.appendingPathComponent("password")
        try Data(password.utf8).write(to: passwordFile)
        if let runAs { try run("/bin/chown", ["-R", runAs, folder.path], as: nil, in: folder) }
        let data = folder.appendingPathComponent("data")
        try run(
            try findBinaries().appendingPathComponent("initdb").path,
            ["-D", data.path, "-U", user, "--pwfile=\(passwordFile.path)", "-A", "scram-sha-256", "-E", "UTF8",
             "--locale=C", "--no-sync"],
            as: runAs, in: folder)
        templateFolder.withLock { $0 = folder }
        atexit { PostgresCluster.removeTemplate() }
        return data
    }

    private static let templateFolder = LockedBox<URL?>(nil)

    private static func removeTemplate() {
        if let folder = templateFolder.value { try? FileManager.default.removeItem(at: folder) }
    }

    /// Starts the server again after `pause()` (same port, same data). Blocking; returns
    /// once it accepts connections.
    public func resume() throws {
        // No fsync (a throwaway cluster); sockets in the cluster's own folder.
        let options = "-p \(port) -c listen_addresses=127.0.0.1 -k \(folder.path) -c fsync=off -c max_connections=50"
        try tool("pg_ctl", ["-D", data.path, "-l", folder.appendingPathComponent("log").path, "-w", "-t", "60", "-o", options, "start"])
    }

    /// Stops the server (fast: open connections are cut, as when a database goes away).
    /// Blocking; returns once it has stopped.
    public func pause() throws {
        try tool("pg_ctl", ["-D", data.path, "-m", "fast", "-w", "-t", "60", "stop"])
    }

    /// Makes a new empty database and returns its URL, so tests sharing one cluster never
    /// see each other's posts. Blocking.
    public func createDatabase() throws -> String {
        let name = "feed_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try Self.run(
            binaries.appendingPathComponent("createdb").path, ["-h", "127.0.0.1", "-p", String(port), "-U", Self.user, name],
            as: nil, in: folder, environment: ["PGPASSWORD": Self.password])
        return "postgres://\(Self.user):\(Self.password)@127.0.0.1:\(port)/\(name)"
    }

    /// Stops the server if running and removes its folder. Blocking.
    public func destroy() {
        try? tool("pg_ctl", ["-D", data.path, "-m", "immediate", "-w", "-t", "60", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// The server's log so far (for a failing test's message).
    public var log: String {
        (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? ""
    }

    private func tool(_ name: String, _ arguments: [String]) throws {
        try Self.run(binaries.appendingPathComponent(name).path, arguments, as: runAs, in: folder)
    }

    /// Runs `path` with `arguments` (as `user` through runuser when given) and waits;
    /// throws with its output when it fails. Through `SpawnedProcess` (why not `Process`: a
    /// daemon inherits the descriptor it watches), started by `cleanStart` so the child holds
    /// only /dev/null and its output file.
    private static func run(
        _ path: String, _ arguments: [String], as user: String?, in folder: URL, environment: [String: String] = [:]
    ) throws {
        let command = user.map { ["/usr/sbin/runuser", "-u", $0, "--", path] } ?? [path]
        let argv = ["/bin/bash", "-c", Self.cleanStart, "flick-pg", folder.path] + command + arguments
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let outcome = try SpawnedProcess.run(argv, environment: variables)
        guard outcome.succeeded else {
            throw Failure(description: "\(path) \(arguments.joined(separator: " ")) failed (\(outcome.how)): \(outcome.output)")
        }
    }

    /// Runs its arguments in the folder given first, with every descriptor above 2 closed (a
    /// daemon must not hold the test process's sockets or files open). Bash, not sh: dash
    /// cannot name descriptors above 9. (glibc's posix_spawn `addclosefrom_np` and
    /// `addchdir_np` are not imported into Swift.)
    private static let cleanStart = """
        cd "$1" || exit 1; shift
        for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-" 2>/dev/null; fi; done
        exec "$@"
        """

    /// The newest /usr/lib/postgresql/<version>/bin holding initdb.
    private static func findBinaries() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).compactMap(Int.init).sorted()
        for version in versions.reversed() {
            let bin = root.appendingPathComponent("\(version)/bin")
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) { return bin }
        }
        throw Failure(description: "no PostgreSQL server under /usr/lib/postgresql: install the postgresql package (make setup)")
    }

    private static func userExists(_ name: String) -> Bool { getpwnam(name) != nil }
}
