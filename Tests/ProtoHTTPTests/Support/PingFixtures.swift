// PingFixtures.swift: the PingRequest the manager tests send, built in one place.

extension Protohttp_Rpctest_PingRequest {
    /// A request with `text` and `number`.
    static func sample(_ text: String = "hi", number: Int32 = 0) -> Protohttp_Rpctest_PingRequest {
        var request = Protohttp_Rpctest_PingRequest()
        request.text = text
        request.number = number
        return request
    }
}
