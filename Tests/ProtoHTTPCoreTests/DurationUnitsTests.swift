// DurationUnitsTests.swift: the shared Duration conversions: rounding, saturation, negative and huge values.
import Dispatch
@testable import ProtoHTTPCore
import Testing

@Suite struct DurationUnitsTests {
    @Test func millisecondsRoundDownOrUp() {
        #expect(Duration.zero.wholeMilliseconds == 0)
        #expect(Duration.zero.wholeMillisecondsRoundedUp == 0)
        #expect(Duration.microseconds(1).wholeMilliseconds == 0)
        #expect(Duration.microseconds(1).wholeMillisecondsRoundedUp == 1)
        #expect(Duration.milliseconds(250).wholeMillisecondsRoundedUp == 250)
        #expect(Duration.microseconds(250_001).wholeMillisecondsRoundedUp == 251)
        #expect(Duration.seconds(3).wholeMilliseconds == 3000)
        #expect(Duration.microseconds(-1500).wholeMilliseconds == -2)
        #expect(Duration.microseconds(-1500).wholeMillisecondsRoundedUp == -1)
    }

    @Test func hugeDurationsSaturate() {
        #expect(Duration.seconds(Int64.max).wholeMilliseconds == .max)
        #expect(Duration.seconds(Int64.max).wholeMillisecondsRoundedUp == .max)
        #expect(Duration.seconds(Int64.min).wholeMilliseconds == .min)
        #expect(Duration.seconds(Int64.max).dispatchInterval == .never)
        #expect(Duration.seconds(Int64.max).wholeNanoseconds == .max)
        #expect(Duration.seconds(Int64.min).wholeNanoseconds == .min)
        // The longest grpc-timeout, 99,999,999 hours, is past Int64 nanoseconds.
        #expect(Duration.seconds(99_999_999 * 3600).wholeNanoseconds == .max)
    }

    @Test func nanosecondsRoundTowardZero() {
        #expect(Duration.milliseconds(250).wholeNanoseconds == 250_000_000)
        #expect(Duration.nanoseconds(-7).wholeNanoseconds == -7)
        #expect((Duration.nanoseconds(3) + .init(secondsComponent: 0, attosecondsComponent: 999_999_999)).wholeNanoseconds == 3)
    }

    @Test func fractionalUnitsAndDispatchIntervals() {
        #expect(Duration.milliseconds(1500).fractionalSeconds == 1.5)
        #expect(Duration.microseconds(310).fractionalMilliseconds == 0.31)
        #expect(Duration.milliseconds(2).dispatchInterval == .nanoseconds(2_000_000))
        #expect(Duration.seconds(-1).dispatchInterval == .nanoseconds(0))
    }
}
