import NIOCore
import PostgresNIO

/// `LISTEN` on a connection of its own: every notification on the channel (a write by any
/// process, this one included) tells the observers. When the connection is lost the
/// listener reconnects every `listenerRetry` until it is back, then tells the observers
/// once, since notifications sent while it was away are lost. Runs on the event loop.
extension PostgresFeedStore {
    func startListening() {
        guard !listener.value.closed else { return }
        let channel = configuration.channel
        PostgresConnection.connect(
            on: eventLoop, configuration: Self.connectionConfiguration(configuration), id: 2, logger: logger
        ).flatMap { [logger] connection -> EventLoopFuture<PostgresConnection> in
            connection.addListener(channel: channel) { [weak self] _, _ in self?.notifyObservers() }
            return connection.query(PostgresQuery(unsafeSQL: "LISTEN \(channel)"), logger: logger).map { _ in connection }
                .flatMapErrorThrowing { error in
                    Self.closeQuietly(connection)
                    throw error
                }
        }.whenComplete { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let connection):
                let keep = listener.withLock { state -> Bool in
                    guard !state.closed else { return false }
                    state.connection = connection
                    return true
                }
                guard keep else {
                    Self.closeQuietly(connection)
                    return
                }
                // Caught up: whatever changed while no one listened shows now.
                notifyObservers()
                connection.closeFuture.whenComplete { [weak self] _ in self?.listenAgainLater() }
            case .failure:
                listenAgainLater()
            }
        }
    }

    /// Schedules `startListening` after `listenerRetry`, unless the store is closed.
    private func listenAgainLater() {
        guard !listener.value.closed else { return }
        listener.withLock { $0.connection = nil }
        let retry = configuration.listenerRetry.components
        let delay = TimeAmount.milliseconds(retry.seconds * 1000 + retry.attoseconds / 1_000_000_000_000_000)
        eventLoop.scheduleTask(in: delay) { [weak self] in self?.startListening() }
    }

    /// Whether the listener is connected now (for tests and diagnostics).
    public var isListening: Bool { listener.value.connection != nil }
}
