// CodecCommand.swift: `protohttp-demo codec`: builds a message, encodes it, shows the bytes, decodes it back.
import ArgumentParser
import Foundation
import ProtoHTTPDemo
import ProtoWire
import ProtoHTTPDemoService

/// The codec on its own (ProtoWire), on the demo's `notes.Note`: a message with strings, a
/// repeated field, a map, an enum, a oneof holding a nested message and a well-known type;
/// its bytes in hex, the decoded fields, its proto3 JSON, and a truncated input rejected with
/// a clear error.
struct CodecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codec",
        abstract: "Encode a message with ProtoWire, print the bytes in hex, decode them back."
    )

    private typealias Message = Notes_Note

    func run() throws {
        print("ProtoHTTP codec demo (ProtoWire, hand-written protobuf binary codec)\n")

        var message = Message()
        message.id = "n150"
        message.title = "héllo, protobuf 👋"
        message.tags = ["codec", "demo"]
        message.labels = ["lang": "swift", "os": "linux"]
        var checklist = Notes_Checklist()
        for (text, done) in [("size every message once", true), ("write into one buffer", true), ("decode without trust", false)] {
            var item = Notes_Checklist.Item()
            item.text = text
            item.done = done
            checklist.items.append(item)
        }
        message.checklist = checklist
        message.priority = .high
        message.createdAt = Google_Protobuf_Timestamp(seconds: 1_795_000_000, nanos: 250_000_000)

        print("1. Built a notes.Note with strings, a repeated field, a map, an enum, a oneof holding")
        print("   a nested message with a repeated submessage, and a google.protobuf.Timestamp.\n")

        let bytes = message.serializedBytes(options: EncodingOptions(deterministic: true))
        print("2. Encoded to \(bytes.count) bytes (serializedSize says \(message.serializedSize)):")
        print(hexDump(bytes))
        print()

        do {
            let decoded = try Message(serializedBytes: bytes)
            print("3. Decoded back; equal to the original: \(decoded == message)")
            print("   id        = \"\(decoded.id)\"")
            print("   title     = \"\(decoded.title)\"")
            print("   tags      = \(decoded.tags)")
            print("   labels    = \(decoded.labels.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })")
            print("   checklist = \(decoded.checklist.items.map { "\($0.done ? "[x]" : "[ ]") \($0.text)" })")
            print("   priority  = .\(decoded.priority)")
            print("   createdAt = \(decoded.createdAt.seconds)s + \(decoded.createdAt.nanos)ns")
            print()
            print("4. The same message as proto3 JSON:")
            print("   \(try decoded.jsonString())\n")
        } catch {
            print("decoding failed: \(error)")
            throw ExitCode.failure
        }

        print("5. Bad input is a clear error, never a crash:")
        let truncated = Array(bytes.prefix(bytes.count - 3))
        do {
            _ = try Message(serializedBytes: truncated)
            print("   unexpectedly decoded a truncated message")
            throw ExitCode.failure
        } catch let error as WireError {
            print("   \(truncated.count) of \(bytes.count) bytes -> \(error)")
        }
    }
}
