// main.swift: builds a generated message, encodes it, decodes it, and checks the round trip and the
// generated client (Clients=true, from event.client.pb.swift) and its RPCMethod metadata.

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
    print("OK: round trip through the plugin-generated code")
} catch {
    print("FAILED: \(error)")
    exit(1)
}
