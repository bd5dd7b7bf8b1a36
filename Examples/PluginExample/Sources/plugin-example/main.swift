// main.swift: builds a generated message, encodes it, decodes it, and checks the round trip and the
// generated client (Clients=true, from event.client.pb.swift) and its RPCMethod metadata; then the
// same for ledger.proto, an edition 2023 file.

import ExampleModels
import ProtoHTTP
import ProtoHTTPCore
import ProtoWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

var purchase = Example_App_Purchase()
purchase.item = "coffee"
purchase.price.currency = "EUR"
purchase.price.units = 3
purchase.price.nanos = 500_000_000
purchase.at = Google_Protobuf_Timestamp(date: Date(timeIntervalSince1970: 1_700_000_000))
purchase.tags = ["hot", "large"]

let bytes = purchase.serializedBytes()
print("encoded \(bytes.count) bytes:", bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(separator: " "))

do {
    let back = try Example_App_Purchase(serializedBytes: bytes)
    print("decoded: \(back.item), \(back.price.formatted), at \(back.at.seconds)s, tags \(back.tags)")
    guard back == purchase, back.at.date == Date(timeIntervalSince1970: 1_700_000_000) else {
        print("FAILED: the decoded message differs from the original")
        exit(1)
    }
    // The client file exists only if the plugin declared it; the metadata conforms to RPCMethod.
    func path<M: RPCMethod>(_: M.Type) -> String { M.path }
    let client: any Example_App_ShopClientProtocol.Type = Example_App_ShopClient.self
    guard path(Example_App_ShopMetadata.Buy.self) == "/example.app.Shop/Buy" else {
        print("FAILED: the generated metadata has the wrong path")
        exit(1)
    }
    print("client: \(client), method \(path(Example_App_ShopMetadata.Buy.self))")

    // ledger.proto is `edition = "2023"`: each field is encoded as its features say.
    let entry = Example_Ledger_Entry.with {
        $0.memo = ""                     // explicit presence: set, though empty
        $0.cents = 0                     // implicit presence: zero is not written
        $0.tags = [7, 8]                 // EXPANDED: two tagged elements, not one packed run
        $0.kind = .credit
        $0.detail.note = "refund"        // DELIMITED: a group, start and end tags
    }
    let entryBytes = entry.serializedBytes()
    guard entryBytes == [0x0A, 0x00, 0x18, 0x07, 0x18, 0x08, 0x20, 0x02, 0x2B, 0x0A, 0x06]
                       + Array("refund".utf8) + [0x2C] else {
        print("FAILED: the edition 2023 message encoded as \(entryBytes)")
        exit(1)
    }
    // A kind the closed enum does not declare is kept among the unknown fields, not in `kind`.
    let unknownKind = try Example_Ledger_Entry(serializedBytes: [0x20, 0x09])
    guard try Example_Ledger_Entry(serializedBytes: entryBytes) == entry, entry.hasMemo,
          !unknownKind.hasKind, unknownKind.serializedBytes() == [0x20, 0x09] else {
        print("FAILED: the edition 2023 message did not round-trip as its features say")
        exit(1)
    }
    print("edition 2023: \(entryBytes.count) bytes, memo present, tags expanded, detail delimited, unknown kind kept")
    print("OK: round trip through the plugin-generated code")
} catch {
    print("FAILED: \(error)")
    exit(1)
}
