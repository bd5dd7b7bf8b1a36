// CodeTableTests.swift: the RPC code set, its names and numbers, and its HTTP statuses in Connect's and Twirp's tables.
import ProtoHTTPCore
import Testing

@Suite struct CodeTableTests {
    typealias Code = ProtoHTTPError.Code

    @Test func namesAndNumbersFollowConnect() {
        let expected = [
            "canceled", "unknown", "invalid_argument", "deadline_exceeded", "not_found", "already_exists",
            "permission_denied", "resource_exhausted", "failed_precondition", "aborted", "out_of_range",
            "unimplemented", "internal", "unavailable", "data_loss", "unauthenticated",
        ]
        #expect(Code.allCases.map(\.name) == expected)
        #expect(Code.allCases.map(\.rawValue) == Array(1...16))
        for code in Code.allCases {
            #expect(Code(name: code.name) == code)
            #expect(Code(rawValue: code.rawValue) == code)
            #expect(Code(twirpName: code.twirpName) == code)
        }
        #expect(Code(name: "dataloss") == nil)
        #expect(Code(name: "NOT_FOUND") == nil)
        #expect(Code(rawValue: 0) == nil)
        #expect(Code(rawValue: 17) == nil)
    }

    @Test(arguments: [
        (400, "internal"), (401, "unauthenticated"), (403, "permission_denied"), (404, "unimplemented"),
        (429, "unavailable"), (502, "unavailable"), (503, "unavailable"), (504, "unavailable"),
        (500, "unknown"), (418, "unknown"), (200, "unknown"), (-1, "unknown"),
    ])
    func httpStatusReadsAsConnectSays(status: Int, name: String) {
        #expect(Code(httpStatus: status).name == name)
    }

    @Test func connectStatusesMatchTheSpecification() {
        let statuses = Code.allCases.map(\.connectHTTPStatus)
        #expect(statuses == [499, 500, 400, 504, 404, 409, 403, 429, 400, 409, 400, 501, 500, 503, 500, 401])
    }

    @Test func twirpStatusesDifferOnlyWhereTwirpSaysSo() {
        for code in Code.allCases {
            switch code {
            case .canceled, .deadlineExceeded: #expect(code.twirpHTTPStatus == 408)
            case .failedPrecondition: #expect(code.twirpHTTPStatus == 412)
            default: #expect(code.twirpHTTPStatus == code.connectHTTPStatus)
            }
        }
    }

    @Test func twirpNamesMapOntoTheSharedSet() {
        #expect(Code.dataLoss.twirpName == "dataloss")
        #expect(Code.notFound.twirpName == "not_found")
        #expect(Code(twirpName: "data_loss") == .dataLoss)
        #expect(Code(twirpName: "bad_route") == .unimplemented)
        #expect(Code(twirpName: "malformed") == .invalidArgument)
        #expect(Code(twirpName: "teapot") == nil)
    }
}
