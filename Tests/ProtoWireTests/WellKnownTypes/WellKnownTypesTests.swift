// WellKnownTypesTests.swift: the bundled well-known types on the wire, and their hand-written conveniences.

import Foundation
import ProtoWire
import Testing

@Suite("Well-known types")
struct WellKnownTypesTests {
    // MARK: Wire format (bytes as Google's protobuf writes them)

    @Test func wireBytesMatchTheSchema() throws {
        let ts = Google_Protobuf_Timestamp(seconds: 1, nanos: 2)
        #expect(ts.serializedBytes() == [0x08, 0x01, 0x10, 0x02])
        let d = Google_Protobuf_Duration(seconds: -1, nanos: -5)
        #expect(try Google_Protobuf_Duration(serializedBytes: d.serializedBytes()) == d)
        #expect(d.serializedBytes().prefix(2) == [0x08, 0xFF])  // int64 -1 is a 10-byte varint
        #expect(Google_Protobuf_Empty().serializedBytes().isEmpty)
        #expect(Google_Protobuf_StringValue("hi").serializedBytes() == [0x0A, 0x02, 0x68, 0x69])
        #expect(Google_Protobuf_BoolValue(true).serializedBytes() == [0x08, 0x01])
        #expect(Google_Protobuf_FieldMask(protoPaths: "a").serializedBytes() == [0x0A, 0x01, 0x61])
        // Value{null_value: NULL_VALUE}: a present oneof member at its zero is still written.
        #expect(Google_Protobuf_Value.null.serializedBytes() == [0x08, 0x00])
        #expect(Google_Protobuf_Value(true).serializedBytes() == [0x20, 0x01])
        #expect(Google_Protobuf_Timestamp.protoMessageName == "google.protobuf.Timestamp")
        #expect(Google_Protobuf_Any.protoMessageName == "google.protobuf.Any")
    }

    @Test func structValueAndListRoundTripThroughEachOther() throws {
        let s: Google_Protobuf_Struct = [
            "name": "ada", "age": 36, "ratio": 0.5, "admin": false, "none": nil,
            "tags": ["x", 1, ["nested": true]],
        ]
        let back = try Google_Protobuf_Struct(serializedBytes: s.serializedBytes())
        #expect(back == s)
        #expect(back["age"]?.numberValue == 36)
        #expect(back["none"] == .null)
        #expect(back["tags"]?.listValue[2].structValue["nested"]?.boolValue == true)
        #expect(back["missing"] == nil)
        var copy = back
        copy["name"] = nil
        #expect(copy.fields.count == back.fields.count - 1)
        let repeated: Google_Protobuf_Struct = ["k": 1, "k": 2]
        #expect(repeated["k"]?.numberValue == 2)
    }

    @Test func wrappersWrap() throws {
        let i: Google_Protobuf_Int64Value = 5
        let u: Google_Protobuf_UInt32Value = 7
        let f: Google_Protobuf_FloatValue = 1.5
        let s: Google_Protobuf_StringValue = "text"
        #expect(i.value == 5 && u.value == 7 && f.value == 1.5 && s.value == "text")
        #expect(Google_Protobuf_BytesValue(Data([9])).value == Data([9]))
        #expect(try Google_Protobuf_DoubleValue(serializedBytes: Google_Protobuf_DoubleValue(-2.25).serializedBytes()).value == -2.25)
    }

    // MARK: Timestamp

    @Test func timestampNormalizesNanos() {
        let t = Google_Protobuf_Timestamp(seconds: 1, nanos: -1)
        #expect(t.seconds == 0 && t.nanos == 999_999_999)
        let u = Google_Protobuf_Timestamp(seconds: 0, nanos: 2_000_000_001)
        #expect(u.seconds == 2 && u.nanos == 1)
        let saturated = Google_Protobuf_Timestamp(seconds: .max, nanos: 1_500_000_000)
        #expect(saturated.seconds == .max && saturated.nanos == 500_000_000)
        #expect(t.isValid && !saturated.isValid)
    }

    @Test func timestampFromAndToDate() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let t = Google_Protobuf_Timestamp(date: date)
        #expect(t.seconds == 1_700_000_000 && t.nanos == 250_000_000)
        #expect(abs(t.date.timeIntervalSince(date)) < 1e-6)
        let before = Google_Protobuf_Timestamp(timeIntervalSince1970: -1.5)
        #expect(before.seconds == -2 && before.nanos == 500_000_000)
        #expect(before.timeIntervalSince1970 == -1.5)
        #expect(before < t && !(t < before))
    }

    @Test func timestampClampsWhatItCannotHold() {
        #expect(Google_Protobuf_Timestamp(timeIntervalSince1970: .nan) == Google_Protobuf_Timestamp())
        let high = Google_Protobuf_Timestamp(timeIntervalSince1970: .infinity)
        #expect(high.seconds == Google_Protobuf_Timestamp.maxSeconds && high.isValid)
        let low = Google_Protobuf_Timestamp(date: .distantPast)
        #expect(low.seconds == Google_Protobuf_Timestamp.minSeconds && low.isValid)
    }

    // MARK: Duration

    @Test func durationNormalizesToOneSign() {
        let d = Google_Protobuf_Duration(seconds: 1, nanos: -1)
        #expect(d.seconds == 0 && d.nanos == 999_999_999)
        let n = Google_Protobuf_Duration(seconds: -1, nanos: 1)
        #expect(n.seconds == 0 && n.nanos == -999_999_999)
        let carried = Google_Protobuf_Duration(seconds: 0, nanos: -1_500_000_000)
        #expect(carried.seconds == -1 && carried.nanos == -500_000_000)
        #expect(d.isValid && n.isValid)
        var bad = Google_Protobuf_Duration()
        bad.seconds = 1
        bad.nanos = -1
        #expect(!bad.isValid)
        bad.seconds = .min
        bad.nanos = .min
        #expect(!bad.isValid)  // no overflow trap on hostile input
    }

    @Test func durationFromAndToTimeInterval() {
        let d = Google_Protobuf_Duration(timeInterval: -1.25)
        #expect(d.seconds == -1 && d.nanos == -250_000_000)
        #expect(d.timeInterval == -1.25)
        #expect(Google_Protobuf_Duration(timeInterval: 0.999_999_999_9).seconds == 1)
        #expect(Google_Protobuf_Duration(timeInterval: .nan) == Google_Protobuf_Duration())
        #expect(Google_Protobuf_Duration(timeInterval: -.infinity).seconds == -Google_Protobuf_Duration.maxSeconds)
        #expect(Google_Protobuf_Duration(seconds: 1) < Google_Protobuf_Duration(seconds: 1, nanos: 1))
    }

    @Test func durationFromAndToSwiftDuration() {
        let d = Google_Protobuf_Duration(Swift.Duration.milliseconds(-1500))
        #expect(d.seconds == -1 && d.nanos == -500_000_000)
        #expect(d.swiftDuration == .milliseconds(-1500))
        #expect(Google_Protobuf_Duration(seconds: 3, nanos: 7).swiftDuration == .seconds(3) + .nanoseconds(7))
    }

    // MARK: Any

    @Test func anyPacksAndUnpacksByTypeURL() throws {
        let inner = Google_Protobuf_Timestamp(seconds: 42, nanos: 1)
        let any = Google_Protobuf_Any(message: inner)
        #expect(any.typeURL == "type.googleapis.com/google.protobuf.Timestamp")
        #expect(any.typeName == "google.protobuf.Timestamp")
        #expect(any.isA(Google_Protobuf_Timestamp.self) && !any.isA(Google_Protobuf_Duration.self))
        #expect(try any.unpack(Google_Protobuf_Timestamp.self) == inner)
        #expect(try Google_Protobuf_Timestamp(unpackingAny: any) == inner)

        let custom = Google_Protobuf_Any(message: inner, typePrefix: "example.com/types/")
        #expect(custom.typeURL == "example.com/types/google.protobuf.Timestamp")
        #expect(custom.isA(Google_Protobuf_Timestamp.self))

        let back = try Google_Protobuf_Any(serializedBytes: any.serializedBytes())
        #expect(back == any)
    }

    @Test func anyOfTheWrongTypeOrBadPayloadThrows() {
        let any = Google_Protobuf_Any(message: Google_Protobuf_Duration(seconds: 1))
        #expect(throws: WireError.self) { try any.unpack(Google_Protobuf_Timestamp.self) }
        do {
            _ = try any.unpack(Google_Protobuf_Timestamp.self)
        } catch {
            #expect(error.code == .typeMismatch)
            #expect(error.message.contains("google.protobuf.Duration"))
        }
        var broken = any
        broken.value = Data([0x08])  // truncated varint
        do {
            _ = try broken.unpack(Google_Protobuf_Duration.self)
            Issue.record("a truncated payload decoded")
        } catch {
            #expect(error.code == .truncated)
        }
        var bare = Google_Protobuf_Any()
        bare.typeURL = "google.protobuf.Duration"  // no slash: the whole URL is the name
        #expect(bare.isA(Google_Protobuf_Duration.self))
    }
}
