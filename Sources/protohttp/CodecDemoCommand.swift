// CodecDemoCommand.swift: `protohttp codec-demo`: builds a message, encodes it, shows the bytes, decodes it back.
import ArgumentParser
import Foundation
import ProtoWire
import ProtoWireTestSchema

/// The codec on its own (ProtoWire): one message of every kind of field, its bytes in hex,
/// the decoded fields, and a truncated input rejected with a clear error.
struct CodecDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codec-demo",
        abstract: "Encode a message with ProtoWire, print the bytes in hex, decode them back."
    )

    private typealias Message = Protohttp_Test_TestAllTypes3

    func run() throws {
        print("ProtoHTTP codec demo (ProtoWire, hand-written protobuf binary codec)\n")

        var message = Message()
        message.fInt32 = 150
        message.fSint64 = -2
        message.fString = "héllo, protobuf 👋"
        message.fBytes = Data([0xDE, 0xAD, 0xBE, 0xEF])
        message.fEnum = .blue
        message.fNested.a = 7
        message.fNested.b = "nested"
        message.rInt32 = [1, 2, 300]
        message.mStringString = ["lang": "swift", "os": "linux"]
        message.oDouble = 3.5
        message.recursive.fBool = true

        print("1. Built a protohttp.test.TestAllTypes3 with scalars, a nested message, a packed")
        print("   repeated field, a map, a oneof and a recursive child.\n")

        let bytes = message.serializedBytes(options: EncodingOptions(deterministic: true))
        print("2. Encoded to \(bytes.count) bytes (serializedSize says \(message.serializedSize)):")
        print(hexDump(bytes))
        print()

        do {
            let decoded = try Message(serializedBytes: bytes)
            print("3. Decoded back; equal to the original: \(decoded == message)")
            print("   fInt32        = \(decoded.fInt32)")
            print("   fSint64       = \(decoded.fSint64)")
            print("   fString       = \"\(decoded.fString)\"")
            print("   fBytes        = \(decoded.fBytes.map { String(format: "%02x", $0) }.joined())")
            print("   fEnum         = .\(decoded.fEnum)")
            print("   fNested       = { a: \(decoded.fNested.a), b: \"\(decoded.fNested.b)\" }")
            print("   rInt32        = \(decoded.rInt32)")
            print("   mStringString = \(decoded.mStringString.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })")
            print("   choice        = \(decoded.choice.map { "\($0)" } ?? "nil")")
            print("   recursive     = { fBool: \(decoded.recursive.fBool) }")
            print()
        } catch {
            print("decoding failed: \(error)")
            throw ExitCode.failure
        }

        print("4. Bad input is a clear error, never a crash:")
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
