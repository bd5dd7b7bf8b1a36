// ProtoWireSide.swift: builds the cases as ProtoWire messages and wraps their encode/decode loops.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BenchProtoWire
import BenchSupport
import ProtoWire

/// The ProtoWire messages and loops.
enum ProtoWireSide {
    static func small() -> Protohttp_Bench_Small {
        var m = Protohttp_Bench_Small()
        m.id = CaseData.smallID
        m.name = CaseData.smallName
        m.active = true
        m.score = CaseData.smallScore
        return m
    }

    static func item(id: Int32, label: String) -> Protohttp_Bench_Item {
        var m = Protohttp_Bench_Item()
        m.id = id
        m.label = label
        return m
    }

    static func medium() -> Protohttp_Bench_Medium {
        var m = Protohttp_Bench_Medium()
        m.fInt32 = 123_456
        m.fInt64 = -9_876_543_210
        m.fUint32 = 4_000_000_000
        m.fUint64 = 18_000_000_000_000_000_000
        m.fSint32 = -54_321
        m.fSint64 = -1_234_567_890_123
        m.fFixed32 = 0xDEAD_BEEF
        m.fFixed64 = 0x0123_4567_89AB_CDEF
        m.fSfixed32 = -2_000_000_000
        m.fSfixed64 = -9_000_000_000_000_000_000
        m.fFloat = 3.25
        m.fDouble = -2.718281828459045
        m.fBool = true
        m.fString = CaseData.mediumString
        m.fBytes = Data(CaseData.mediumBytes)
        m.fKind = .beta
        m.fItem = item(id: CaseData.itemID, label: CaseData.itemLabel)
        m.rInt32 = CaseData.rInt32
        m.rInt64 = CaseData.rInt64
        m.rSint32 = CaseData.rSint32
        m.rFixed32 = CaseData.rFixed32
        m.rDouble = CaseData.rDouble
        m.rKind = CaseData.rKind.map { Protohttp_Bench_Kind(rawValue: $0) ?? .unspecified }
        m.rString = CaseData.rString
        m.rItem = CaseData.rItems.map { item(id: $0.id, label: $0.label) }
        for (key, value) in CaseData.counts { m.mCounts[key] = value }
        for entry in CaseData.mappedItems { m.mItems[entry.key] = item(id: entry.id, label: entry.label) }
        m.oText = CaseData.oneofText
        return m
    }

    static func deep() -> Protohttp_Bench_Deep {
        let payload = medium()
        var node = Protohttp_Bench_Deep()
        node.level = Int32(CaseData.deepLevels)
        node.payload = payload
        for level in stride(from: CaseData.deepLevels - 1, through: 1, by: -1) {
            var parent = Protohttp_Bench_Deep()
            parent.payload = payload
            parent.child = node
            parent.level = Int32(level)
            node = parent
        }
        return node
    }

    static func sparse() -> Protohttp_Bench_Sparse {
        var node = Protohttp_Bench_Sparse()
        node.optionalInt32 = Int32(CaseData.sparseLevels)
        for level in stride(from: CaseData.sparseLevels - 1, through: 1, by: -1) {
            var parent = Protohttp_Bench_Sparse()
            parent.optionalInt32 = Int32(level)
            parent.recursiveMessage = node
            node = parent
        }
        return node
    }

    static func large() -> Protohttp_Bench_Large {
        var m = Protohttp_Bench_Large()
        m.blob = Data(CaseData.largeBlob)
        m.values = CaseData.largeValues
        return m
    }

    /// The contender for `benchCase`.
    static func contender(_ benchCase: BenchCase) -> Contender {
        switch benchCase {
        case .small: return contender(small())
        case .medium: return contender(medium())
        case .deep: return contender(deep())
        case .large: return contender(large())
        case .sparse: return contender(sparse())
        case .catalog: return contender(catalog)
        case .records: return contender(records)
        }
    }

    static func contender<M: ProtoMessage>(_ message: M) -> Contender {
        let bytes = message.serializedBytes()
        return Contender(
            bytes: bytes,
            encode: { n in
                for _ in 0..<n { blackHole(message.serializedBytes()) }
            },
            decode: { n in
                do {
                    for _ in 0..<n { blackHole(try M(serializedBytes: bytes)) }
                } catch {
                    fatalError("ProtoWire failed to decode its own \(M.protoMessageName) bytes: \(error)")
                }
            })
    }

    /// Decodes `bytes` as the case's ProtoWire type and checks it equals the built message.
    static func decodesToSame(_ benchCase: BenchCase, _ bytes: [UInt8]) throws -> Bool {
        switch benchCase {
        case .small: return try Protohttp_Bench_Small(serializedBytes: bytes) == small()
        case .medium: return try Protohttp_Bench_Medium(serializedBytes: bytes) == medium()
        case .deep: return try Protohttp_Bench_Deep(serializedBytes: bytes) == deep()
        case .large: return try Protohttp_Bench_Large(serializedBytes: bytes) == large()
        case .sparse: return try Protohttp_Bench_Sparse(serializedBytes: bytes) == sparse()
        case .catalog: return try Protohttp_Realworld_CatalogPage(serializedBytes: bytes) == catalog
        case .records: return try Protohttp_Realworld_ListEventsResponse(serializedBytes: bytes) == records
        }
    }
}
