// AccessoryProcessorTests.swift: accessories around every call (cancel included), response processors, the finished callback.
import Dispatch
import ProtoHTTPTestSupport
import Synchronization
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

/// Records the accessory events it sees, with the thread order they came in.
final class RecordingAccessory: CallAccessory {
    let events = Mutex<[String]>([])
    func willStart(_ call: CallInfo) { events.withLock { $0.append("willStart \(call.path)") } }
    func willStop(_ call: CallInfo, error: ProtoHTTPError?) { events.withLock { $0.append("willStop \(error.map { "\($0.code)" } ?? "ok")") } }
    func didStop(_ call: CallInfo, error: ProtoHTTPError?) { events.withLock { $0.append("didStop \(error.map { "\($0.code)" } ?? "ok")") } }
}

@Suite("Accessories, response processors and finished", .serialized)
struct AccessoryProcessorTests {
    @Test("accessories see start, then willStop, the callbacks, finished, didStop: for success, failure and cancel")
    func accessoryOrder() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let accessory = RecordingAccessory()
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.accessories = [accessory]
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        let record: @Sendable (String) -> Void = { event in accessory.events.withLock { $0.append(event) } }
        for (path, cancel) in [("/echo", false), ("/status/404", false), ("/slow?ms=3000", true)] {
            accessory.events.withLock { $0.removeAll() }
            let handle = manager.request(.post, path, input: [], requestSerializer: .raw, responseSerializer: .raw,
                                         success: { _, _ in record("success") }, failure: { error in record("failure \(error.code)") },
                                         finished: { result in record("finished " + ((try? result.get()) == nil ? "with an error" : "with an output")) })
            if cancel {
                #expect(await waitUntil { accessory.events.withLock { $0.contains("willStart \(path)") } })
                let ended = handle.cancel(onCancel: { record("onCancel") })
                let endedAgain = handle.cancel(onCancel: { record("a second onCancel") })
                #expect(ended, "this cancel ended the call")
                #expect(!endedAgain, "a finished call is left alone")
            }
            let last = cancel ? "onCancel" : "didStop"
            #expect(await waitUntil { accessory.events.withLock { $0.last?.hasPrefix(last) ?? false } })
            let outcome = path == "/echo" ? "ok" : cancel ? "canceled" : "unimplemented"
            let callback = path == "/echo" ? "success" : "failure \(outcome)"
            let finished = path == "/echo" ? "finished with an output" : "finished with an error"
            #expect(accessory.events.withLock { $0 } == ["willStart \(path)", "willStop \(outcome)", callback, finished, "didStop \(outcome)"]
                        + (cancel ? ["onCancel"] : []), "\(path)")
        }
        // Async calls are observed too.
        accessory.events.withLock { $0.removeAll() }
        _ = try await manager.request(.post, "/echo", input: [], requestSerializer: .raw, responseSerializer: .raw)
        // didStop runs right after the caller is resumed, on the resuming thread.
        #expect(await waitUntil { accessory.events.withLock { $0 } == ["willStart /echo", "willStop ok", "didStop ok"] })
    }

    @Test("a call's own accessories join the manager's; failure filters, the manager's then the call's, shape the error every observer gets")
    func perCallAccessoriesAndFailureFilters() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let managerWide = RecordingAccessory()
        let own = RecordingAccessory()
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.accessories = [managerWide]
        configuration.failureFilters = [ClosureFailureFilter { error, call in
            ProtoHTTPError(code: error.code, message: "[\(call.path)] \(error.message)", httpStatus: error.httpStatus)
        }]
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        var options = CallOptions()
        options.accessories = [own]
        options.failureFilters = [ClosureFailureFilter { error, _ in
            error.code == .unimplemented ? ProtoHTTPError(code: .notFound, message: "no such page: " + error.message) : error
        }]
        let seen = Mutex<[String]>([])
        manager.request(.get, "/status/404", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw, options: options,
                        success: { _, _ in seen.withLock { $0.append("success") } },
                        failure: { error in seen.withLock { $0.append("failure \(error.code) \(error.message.prefix(28))") } },
                        finished: { result in seen.withLock { $0.append("finished \((try? result.get()) == nil ? "err" : "ok")") } })
        #expect(await waitUntil { own.events.withLock { $0.count } == 3 && managerWide.events.withLock { $0.count } == 3 })
        #expect(seen.withLock { $0 } == ["failure not_found no such page: [/status/404] ", "finished err"])
        for accessory in [managerWide, own] {
            #expect(accessory.events.withLock { $0 } == ["willStart /status/404", "willStop not_found", "didStop not_found"], "the filtered error")
        }

        // Without the call's options: only the manager's accessory and filter; a success passes no filter.
        own.events.withLock { $0.removeAll() }
        let echoed = try await manager.request(.post, "/echo", input: [1], requestSerializer: .raw, responseSerializer: .raw)
        #expect(echoed.output == [1] && own.events.withLock { $0 }.isEmpty)
        let failed = await Result { () async throws(ProtoHTTPError) in
            try await manager.request(.get, "/status/503", input: [:], requestSerializer: .formURLEncoded, responseSerializer: .raw)
        }
        #expect(protoError(failed.mapError { $0 as any Error })?.message.hasPrefix("[/status/503] ") == true, "async calls are filtered too")
    }

    @Test("a response processor replaces the output, or turns a 200 with a business error into a failure")
    func processors() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        var configuration = ManagerConfiguration(baseURL: server.url(""))
        configuration.responseProcessors = [ClosureResponseProcessor { output, metadata, call throws(ProtoHTTPError) in
            guard let reply = output as? Protohttp_Rpctest_PingResponse else { return output }
            if reply.number < 0 {
                throw ProtoHTTPError(code: .failedPrecondition, message: "business error \(reply.number) on \(call.path), HTTP \(metadata.status)")
            }
            var changed = reply
            changed.text = reply.text.uppercased()
            return changed
        }]
        let manager = try ProtoHTTPManager(configuration: configuration, transport: makeTransport())
        var request = Protohttp_Rpctest_PingRequest()
        request.text = "shout"
        request.number = 3
        #expect(try await manager.post("/echo", request, as: Protohttp_Rpctest_PingResponse.self).text == "SHOUT")
        request.number = -7
        let failed = await Result { () async throws(ProtoHTTPError) in try await manager.post("/echo", request, as: Protohttp_Rpctest_PingResponse.self) }
        let error = try #require(protoError(failed.mapError { $0 as any Error }))
        #expect(error.code == .failedPrecondition && error.message == "business error -7 on /echo, HTTP 200")

        // A per-call processor runs after the manager's; one that changes the type is a clear internal error.
        let wrongType = ClosureResponseProcessor { _, _, _ throws(ProtoHTTPError) in "not a message" }
        request.number = 1
        let mismatched = await Result { () async throws(ProtoHTTPError) in
            try await manager.post("/echo", request, as: Protohttp_Rpctest_PingResponse.self, options: CallOptions(responseProcessors: [wrongType]))
        }
        let typeError = try #require(protoError(mismatched.mapError { $0 as any Error }))
        #expect(typeError.code == .internal && typeError.message.contains("returned String"))
        // Raw outputs pass through the message-only processor untouched.
        #expect(try await manager.request(.post, "/echo", input: [1], requestSerializer: .raw, responseSerializer: .raw).output == [UInt8]([1]))
    }
}
