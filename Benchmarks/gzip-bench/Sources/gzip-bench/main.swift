// main.swift: gzip throughput of ProtoHTTPGzip (CZlib), compress-nio and NIOHTTPCompression's handlers, side by side.
import CompressNIO
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import GzipUnderTest
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPCompression

/// A protobuf-shaped body: repeated notes (varint id, short strings of words, a fixed64, packed varints).
func protobufish(_ size: Int) -> [UInt8] {
    let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima",
                 "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor", "whiskey"]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> UInt64 { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state }
    func varint(_ v: UInt64, _ out: inout [UInt8]) { var v = v; while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }; out.append(UInt8(v)) }
    var out: [UInt8] = []
    var id: UInt64 = 0
    while out.count < size {
        var note: [UInt8] = []
        id += 1
        note.append(0x08); varint(id, &note)
        let title = Array("note-\(id)".utf8)
        note.append(0x12); varint(UInt64(title.count), &note); note += title
        let text = Array((0..<Int(next() % 12 + 4)).map { _ in words[Int(next() % UInt64(words.count))] }.joined(separator: " ").utf8)
        note.append(0x1A); varint(UInt64(text.count), &note); note += text
        note.append(0x21); withUnsafeBytes(of: next()) { note += $0 }
        var packed: [UInt8] = []
        for _ in 0..<6 { varint(next() % 100_000, &packed) }
        note.append(0x2A); varint(UInt64(packed.count), &note); note += packed
        out.append(0x0A); varint(UInt64(note.count), &out); out += note
    }
    return Array(out.prefix(size))
}

/// What stops the benchmark: a library that failed on input it must handle.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}

/// Our gzip of `body`, or a failure naming the level (zlib refused to start a stream).
func gzip(_ body: [UInt8], level: Int) throws -> [UInt8] {
    guard let compressed = Gzip.compress(body, level: level) else {
        throw BenchFailure(description: "Gzip.compress failed at level \(level) for \(body.count) bytes")
    }
    return compressed
}

/// Runs `body` repeatedly for about `seconds` and returns MB/s of `bytes` per run.
func measure(_ bytes: Int, seconds: Double = 1.0, _ body: () throws -> Int) rethrows -> Double {
    var sink = 0
    for _ in 0..<3 { sink &+= try body() }
    var runs = 0
    let start = DispatchTime.now().uptimeNanoseconds
    var elapsed: UInt64 = 0
    repeat {
        for _ in 0..<max(1, 1_000_000 / max(bytes, 1) / 4) { sink &+= try body(); runs += 1 }
        elapsed = DispatchTime.now().uptimeNanoseconds - start
    } while Double(elapsed) < seconds * 1e9
    if sink == 42 { print("") }
    return Double(bytes) * Double(runs) / (Double(elapsed) / 1e9) / 1e6
}

func f(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0; for _ in 0..<digits { scale *= 10 }
    let r = (value * scale).rounded() / scale
    return "\(r)"
}

func line(_ size: String, _ library: String, _ operation: String, _ level: Int, _ mbps: Double, ratio: Double? = nil, anchor: Double) {
    let ratioText = ratio.map { " out_ratio=\(f($0, 3))" } ?? ""
    print("RESULT body=\(size) library=\(library) op=\(operation) level=\(level) mb_per_s=\(f(mbps, 1)) vs_protohttp=\(f(mbps / anchor, 2))\(ratioText)")
}

let allocator = ByteBufferAllocator()

/// NIOHTTPCompression's HTTPResponseCompressor in an EmbeddedChannel: request head with
/// Accept-Encoding, then one response (head, body, end); returns the compressed body size.
func responseCompressor(_ body: ByteBuffer) throws -> Int {
    let channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.addHandler(HTTPResponseCompressor(initialByteBufferCapacity: body.readableBytes / 2))
    var requestHead = HTTPRequestHead(version: .http1_1, method: .POST, uri: "/x")
    requestHead.headers.add(name: "Accept-Encoding", value: "gzip")
    try channel.writeInbound(HTTPServerRequestPart.head(requestHead))
    _ = try channel.readInbound(as: HTTPServerRequestPart.self)
    var head = HTTPResponseHead(version: .http1_1, status: .ok)
    head.headers.add(name: "Content-Length", value: "\(body.readableBytes)")
    channel.write(HTTPServerResponsePart.head(head), promise: nil)
    channel.write(HTTPServerResponsePart.body(.byteBuffer(body)), promise: nil)
    channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
    var total = 0
    while let part = try channel.readOutbound(as: HTTPServerResponsePart.self) {
        if case .body(.byteBuffer(let b)) = part { total += b.readableBytes }
    }
    _ = try channel.finish()
    return total
}

/// NIOHTTPCompression's NIOHTTPRequestDecompressor in an EmbeddedChannel: one gzip request; returns the inflated size.
func requestDecompressor(_ gzipped: ByteBuffer, limit: Int) throws -> Int {
    let channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.addHandler(NIOHTTPRequestDecompressor(limit: .size(limit)))
    var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: "/x")
    head.headers.add(name: "Content-Encoding", value: "gzip")
    head.headers.add(name: "Content-Length", value: "\(gzipped.readableBytes)")
    try channel.writeInbound(HTTPServerRequestPart.head(head))
    try channel.writeInbound(HTTPServerRequestPart.body(gzipped))
    try channel.writeInbound(HTTPServerRequestPart.end(nil))
    var total = 0
    while let part = try channel.readInbound(as: HTTPServerRequestPart.self) {
        if case .body(let b) = part { total += b.readableBytes }
    }
    _ = try channel.finish()
    return total
}

/// Every throughput case, one RESULT line each.
func runThroughput() throws {
    for (name, size) in [("1MiB", 1 << 20), ("1KiB", 1024)] {
        let body = protobufish(size)
        let buffer = ByteBuffer(bytes: body)
        let seconds = size > 4096 ? 1.5 : 0.5
        for level in [1, 6] {
            let ours = try gzip(body, level: level)
            let anchor = try measure(size, seconds: seconds) { try gzip(body, level: level).count }
            line(name, "protohttp-czlib", "compress", level, anchor, ratio: Double(ours.count) / Double(size), anchor: anchor)
            let config = ZlibConfiguration(compressionLevel: Int32(level))
            let cn = try measure(size, seconds: seconds) { var b = buffer; return try b.compress(with: .gzip(configuration: config), allocator: allocator).readableBytes }
            line(name, "compress-nio", "compress", level, cn, anchor: anchor)
        }
        let anchor6 = try measure(size, seconds: seconds) { try gzip(body, level: 6).count }
        let handler = try measure(size, seconds: seconds) { try responseCompressor(buffer) }
        line(name, "nio-extras-HTTPResponseCompressor", "compress", 6, handler, ratio: Double(try responseCompressor(buffer)) / Double(size), anchor: anchor6)

        let gz = try gzip(body, level: 6)
        let gzBuffer = ByteBuffer(bytes: gz)
        let inflate = try measure(size, seconds: seconds) { try Gzip.inflate(gz, limit: 4 << 20).get().count }
        line(name, "protohttp-czlib", "inflate", 6, inflate, anchor: inflate)
        let cnInflate = try measure(size, seconds: seconds) { var b = gzBuffer; return try b.decompress(with: .gzip(), maxSize: 4 << 20, allocator: allocator).readableBytes }
        line(name, "compress-nio", "inflate", 6, cnInflate, anchor: inflate)
        let decompressor = try measure(size, seconds: seconds) { try requestDecompressor(gzBuffer, limit: 4 << 20) }
        line(name, "nio-extras-NIOHTTPRequestDecompressor", "inflate", 6, decompressor, anchor: inflate)
    }
}

// Behaviour on bad input, which the server's tests require (truncated -> 400, trailing bytes -> 400, bomb -> 413).
func compressNIO(_ bytes: [UInt8], maxSize: Int = 1 << 20) -> String {
    var b = ByteBuffer(bytes: bytes)
    do { return "ok \(try b.decompress(with: .gzip(), maxSize: maxSize, allocator: allocator).readableBytes) bytes" } catch { return "throws \(error)" }
}
func ours(_ bytes: [UInt8], limit: Int = 1 << 20) -> String {
    switch Gzip.inflate(bytes, limit: limit) { case .success(let b): "ok \(b.count) bytes"; case .failure(let f): "fails \(f)" }
}

func extras(_ bytes: [UInt8], limit: Int) -> String {
    let channel = EmbeddedChannel()
    var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: "/x")
    head.headers.add(name: "Content-Encoding", value: "gzip")
    head.headers.add(name: "Content-Length", value: "\(bytes.count)")
    do {
        try channel.pipeline.syncOperations.addHandler(NIOHTTPRequestDecompressor(limit: .size(limit)))
        try channel.writeInbound(HTTPServerRequestPart.head(head))
        try channel.writeInbound(HTTPServerRequestPart.body(ByteBuffer(bytes: bytes)))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        var total = 0
        while let part = try channel.readInbound(as: HTTPServerRequestPart.self) { if case .body(let b) = part { total += b.readableBytes } }
        return "ok \(total) bytes"
    } catch { return "throws \(error)" }
}

/// The bad-input cases (truncated, trailing bytes, a bomb), one BAD-INPUT line each.
func runBadInput() throws {
    let sample = try gzip(protobufish(64 << 10), level: 6)
    let bomb = try gzip([UInt8](repeating: 0, count: 8 << 20), level: 9)
    for (name, input, limit) in [("truncated", Array(sample.prefix(sample.count / 2)), 1 << 20), ("trailing bytes", sample + [1, 2, 3], 1 << 20),
                                 ("bomb 8 MiB in \(bomb.count) B, limit 1 MiB", bomb, 1 << 20)] {
        print("BAD-INPUT \(name): protohttp-czlib \(ours(input, limit: limit)); compress-nio \(compressNIO(input, maxSize: limit)); NIOHTTPRequestDecompressor \(extras(input, limit: limit))")
    }
}

do {
    try runThroughput()
    try runBadInput()
} catch {
    print("gzip-bench: \(error)")
    exit(1)
}
