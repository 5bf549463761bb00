import FuzzDriver

runLibFuzzer(fuzz) {
    // Each framing a server can choose, plain and gzip-compressed, and the bomb's first blocks.
    let json = Array(#"{"posts":[],"next":"?before=1"}"#.utf8)
    func response(_ head: String, _ body: [UInt8]) -> [UInt8] { Array(head.utf8) + body }
    var seeds: [String: [UInt8]] = [:]
    seeds["length.http"] = response("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(json.count)\r\n\r\n", json)
    let chunked = Array("\(String(json.count, radix: 16))\r\n".utf8) + json + Array("\r\n0\r\n\r\n".utf8)
    seeds["chunked.http"] = response("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", chunked)
    seeds["close.http"] = response("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n", json)
    seeds["lying-length.http"] = response("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n", json)
    seeds["error.http"] = response("HTTP/1.1 503 Service Unavailable\r\nRetry-After: 99999\r\nContent-Length: 27\r\n\r\n", Array(#"{"error":"come back later"}"#.utf8))
    seeds["redirect.http"] = response("HTTP/1.1 302 Found\r\nLocation: /elsewhere\r\nContent-Length: 0\r\n\r\n", [])
    // A gzip member of `json` stored uncompressed (deflate block type 0), with its CRC and size.
    var stored: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF, 0x01]
    let length = UInt16(json.count)
    stored += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + json
    let crc = crc32(json)
    stored += [UInt8(crc & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8((crc >> 16) & 0xFF), UInt8(crc >> 24)]
    stored += [UInt8(json.count & 0xFF), UInt8(json.count >> 8), 0, 0]
    seeds["gzip.http"] = response("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(stored.count)\r\n\r\n", stored)
    seeds["gzip-bomb.http"] = response("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n", bombStart())
    return seeds
}

/// The gzip header and two fixed-Huffman blocks of a literal space and 1,022 matches of 258
/// bytes at distance 1 (the hostile test server's bomb), ~527 KB inflated from 3.3 KB.
func bombStart() -> [UInt8] {
    var bits: [UInt8] = []
    var current: UInt32 = 0
    var pending = 0
    func push(_ bit: UInt32) {
        current |= bit << UInt32(pending)
        pending += 1
        if pending == 8 {
            bits.append(UInt8(current))
            current = 0
            pending = 0
        }
    }
    func huffman(_ code: UInt32, _ length: Int) {
        for index in stride(from: length - 1, through: 0, by: -1) { push((code >> UInt32(index)) & 1) }
    }
    for _ in 0..<2 {
        push(0)
        push(1)
        push(0)
        huffman(0x50, 8)
        for _ in 0..<1_022 {
            huffman(0xC5, 8)
            huffman(0, 5)
        }
        huffman(0, 7)
    }
    return [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF] + bits
}

func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
    }
    return ~crc
}
