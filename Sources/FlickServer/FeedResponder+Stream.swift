import FlickTimeline
import Foundation
import Hummingbird
import ServiceLifecycle

extension FeedResponder {
    /// `GET /timeline/stream`: Server-Sent Events (`text/event-stream`), one `posts` event per
    /// batch of new posts, as they are added. A reconnecting client names the last event it
    /// saw (`Last-Event-ID`, or `?since=ID` where a client cannot set headers) and first gets
    /// every post newer than it. Runs on the request's task for as long as the client stays,
    /// until the server stops.
    func streamResponse(_ request: Request) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        if request.method == .head { return Response(status: .ok, headers: headers) }
        let header = request.headers.first { $0.name.canonicalName == "last-event-id" }?.value
        let lastEventID = header ?? request.uri.queryParameters["since"].map(String.init)
        let stream = EventStream(
            timeline: timeline, base: base.value, configuration: configuration.liveStream, lastEventID: lastEventID)
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await stream.run(writer: &writer)
                try await writer.finish(nil)
            })
    }
}

/// One client's live stream: what it has been sent, and the loop sending the rest.
struct EventStream: Sendable {
    let timeline: LiveTimeline
    let base: String
    let configuration: FeedServer.LiveStream
    let lastEventID: String?

    /// Why the loop woke up.
    private enum Wake: Sendable {
        case changed
        case heartbeat
        case shutdown
    }

    /// Writes events until the client goes (a write fails), the task is cancelled, or the
    /// server shuts down gracefully (then returns normally, so the response ends cleanly).
    func run(writer: inout any ResponseBodyWriter) async throws {
        let (wakes, continuation) = AsyncStream<Wake>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let token = timeline.changes.subscribe { continuation.yield(.changed) }
        let beat = configuration.heartbeat
        let heartbeat = Task {
            while !Task.isCancelled {
                do { try await Task.sleep(for: beat) } catch { return }
                continuation.yield(.heartbeat)
            }
        }
        defer {
            heartbeat.cancel()
            timeline.changes.unsubscribe(token)
            continuation.finish()
        }
        try await withGracefulShutdownHandler {
            try await send(wakes, writer: &writer)
        } onGracefulShutdown: {
            continuation.yield(.shutdown)
        }
    }

    private func send(_ wakes: AsyncStream<Wake>, writer: inout any ResponseBodyWriter) async throws {
        // Where the client is: the number of posts below the last one it saw (indexes from the
        // bottom stay put as posts arrive on top, and survive that post being deleted).
        var snapshot = try timeline.snapshot()
        var opening = "retry: \(configuration.retryMilliseconds)\n\n"
        var seenFromBottom = snapshot.count
        if let lastEventID {
            if let index = try snapshot.index(of: lastEventID) {
                seenFromBottom = snapshot.count - index
            } else {
                // Unknown (or deleted) id: the client must reload the timeline to be sure.
                let message = "no post with id \"\(TimelineQuery.shown(lastEventID))\"; reload /timeline"
                opening += "event: reset\ndata: {\"error\":" + FeedEncoder.quoted(message) + "}\n\n"
            }
        }
        try await writer.write(ByteBuffer(string: opening))
        var lastWrite = ContinuousClock.now
        var wake = Wake.changed
        var iterator = wakes.makeAsyncIterator()
        while true {
            do {
                if try timeline.version() != snapshot.version {
                    snapshot = try timeline.snapshot()
                }
            } catch is FeedStoreUnavailable {
                // The database is away: the stream stays open (heartbeats go on) and catches
                // up on the first wake after it is back.
            }
            let unseen = snapshot.count - seenFromBottom
            if unseen > 0 {
                for event in events(unseen: unseen, in: snapshot) {
                    try await writer.write(ByteBuffer(string: event))
                }
                seenFromBottom = snapshot.count
                lastWrite = .now
            } else if wake == .heartbeat, ContinuousClock.now - lastWrite >= configuration.heartbeat / 2 {
                try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                lastWrite = .now
            }
            guard let next = await iterator.next(), next != .shutdown else { return }
            wake = next
        }
    }

    /// `posts` events for the `unseen` newest posts: oldest batch first, each batch newest
    /// first, as `/timeline` pages are; an event's id is its newest post's id.
    func events(unseen: Int, in snapshot: LiveTimeline.Snapshot) -> [String] {
        let batch = max(1, configuration.maxPostsPerEvent)
        let rewriter = ImageURLRewriter(root: URL(string: base + "/")!)
        var events: [String] = []
        var end = unseen
        while end > 0 {
            let start = max(0, end - batch)
            guard let posts = try? snapshot.posts(in: start..<end), let newest = posts.first else {
                end = start
                continue
            }
            let newer = TimelinePager(base: base, faults: []).link("since", newest.id, batch)
            let json = FeedEncoder().encodePage(posts: posts.map(rewriter.rewrite), next: nil, newer: newer)
            var event = "id: \(newest.id)\nevent: posts\n"
            for line in String(decoding: json, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                event += "data: " + line + "\n"
            }
            events.append(event + "\n")
            end = start
        }
        return events
    }
}
