import ArgumentParser
import FlickFeedPostgres
import Foundation

/// What a command's `--db` names: a SQLite feed file (or a folder holding one, or nothing:
/// the command's default), or a PostgreSQL database (`postgres://user:password@host:port/db`).
enum FeedLocation {
    case sqlite(String?)
    case postgres(PostgresFeedStore.Configuration)

    /// Reads `--db`; a `postgres://` value that is not a usable URL fails here, naming what
    /// is wrong (never repeating the password).
    init(_ given: String?) throws {
        guard let given, PostgresFeedStore.Configuration.isPostgresURL(given) else {
            self = .sqlite(given)
            return
        }
        do {
            self = .postgres(try PostgresFeedStore.Configuration(url: given))
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Connects to the database (checking the server, the credentials and the database),
    /// or prints why it cannot — `flick COMMAND: error: cannot connect to …` — on stderr and
    /// exits with status 1: a clear line, not a stack trace.
    static func openPostgres(_ configuration: PostgresFeedStore.Configuration, command: String) throws -> PostgresFeedStore {
        do {
            return try PostgresFeedStore(configuration: configuration)
        } catch {
            FileHandle.standardError.write(Data("flick \(command): error: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
    }
}
