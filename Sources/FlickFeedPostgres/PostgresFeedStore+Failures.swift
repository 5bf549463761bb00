import Foundation
import NIOCore
import NIOPosix
import PostgresNIO

extension PostgresFeedStore {
    /// `error` from PostgresNIO or SwiftNIO, as an `Error` naming what went wrong for
    /// `operation`. Pure.
    static func mapped(_ error: any Swift.Error, location: String, configuration: Configuration, operation: String) -> Error {
        if let error = error as? Error { return error }
        if error is QueryTimeout {
            return .cannotConnect(location: location, reason: "\(operation): \(error)")
        }
        if let psql = error as? PSQLError {
            return mapped(psql, location: location, configuration: configuration, operation: operation)
        }
        if let reason = connectionFailure(error, configuration: configuration) {
            return .cannotConnect(location: location, reason: reason)
        }
        return .query(location: location, operation: operation, reason: String(describing: error))
    }

    private static func mapped(_ psql: PSQLError, location: String, configuration: Configuration, operation: String) -> Error {
        let user = configuration.username
        switch psql.code {
        case .server:
            let state = psql.serverInfo?[.sqlState] ?? ""
            let message = psql.serverInfo?[.message] ?? "an error without a message"
            switch state {
            case "28P01", "28000":
                return .credentialsRefused(location: location, user: user, reason: message)
            case "3D000":
                return .noSuchDatabase(location: location, database: configuration.database)
            case _ where state.hasPrefix("08") || state.hasPrefix("57P"):
                // Connection exceptions; the server shutting down, restarting or starting up.
                return .cannotConnect(location: location, reason: "\(message) (\(state))")
            default:
                return .query(location: location, operation: operation, reason: "\(message) (\(state))")
            }
        case .connectionError:
            let reason = psql.underlying.flatMap { connectionFailure($0, configuration: configuration) }
            return .cannotConnect(location: location, reason: reason ?? "the connection failed")
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return .cannotConnect(location: location, reason: "the server closed the connection (\(operation))")
        case .authMechanismRequiresPassword:
            return .credentialsRefused(location: location, user: user, reason: "the server asks for a password and the URL gives none")
        case .unsupportedAuthMechanism, .saslError:
            return .credentialsRefused(location: location, user: user, reason: "the login failed (\(psql.code))")
        default:
            return .query(location: location, operation: operation, reason: "\(psql.code)")
        }
    }

    /// Why a connection could not be made, in words, when `error` is about that; else nil.
    static func connectionFailure(_ error: any Swift.Error, configuration: Configuration) -> String? {
        let target = "\(configuration.host):\(configuration.port)"
        if let failure = error as? NIOConnectionError {
            if failure.connectionErrors.isEmpty {
                return "the host \"\(configuration.host)\" does not resolve to an address"
            }
            let reasons = failure.connectionErrors.map { connectionFailure($0.error, configuration: configuration) ?? "\($0.error)" }
            return reasons.first ?? "no address of \(configuration.host) answered"
        }
        if let io = error as? IOError {
            switch io.errnoCode {
            case ECONNREFUSED: return "nothing accepts connections on \(target) (connection refused: is the server running?)"
            case EHOSTUNREACH, ENETUNREACH: return "\(target) cannot be reached (no route)"
            case ETIMEDOUT: return "\(target) did not answer (timed out)"
            default: return "\(target): \(String(cString: strerror(io.errnoCode)))"
            }
        }
        if let channel = error as? ChannelError, case .connectTimeout(let amount) = channel {
            return "\(target) did not answer within \(amount.nanoseconds / 1_000_000) ms"
        }
        return nil
    }
}
