import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Sends one request line exactly as written (no client-side path normalisation, which
/// URLSession and curl apply to `..`) and returns the raw response, for the path-traversal
/// tests. Blocking socket I/O on the calling thread with a receive timeout as a hang guard:
/// from a test's task, call it through `RawConnection.offPool`, or two blocked reads starve the
/// cooperative pool the server under test answers on.
enum RawHTTP {
    struct Response {
        let status: Int
        let head: String
        let body: Data
    }

    /// A blocking TCP socket connected to `127.0.0.1:port`, each `recv` waiting at most `timeout`
    /// seconds. The caller closes it.
    static func connect(port: Int, timeout: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket failed") }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure("connect failed")
        }
        return fd
    }

    static func get(port: Int, target: String) throws -> Response {
        let fd = try connect(port: port, timeout: 30)
        defer { close(fd) }
        let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        let sent = request.withCString { send(fd, $0, strlen($0), 0) }
        guard sent == request.utf8.count else { throw Failure("send failed") }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(buffer, count: count)
        }
        guard let split = received.range(of: Data("\r\n\r\n".utf8)) else { throw Failure("no response head") }
        let head = String(decoding: received[..<split.lowerBound], as: UTF8.self)
        let statusText = head.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        return Response(status: Int(statusText) ?? 0, head: head, body: received[split.upperBound...])
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
