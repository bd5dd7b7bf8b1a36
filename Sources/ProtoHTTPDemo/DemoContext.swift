// DemoContext.swift: what every demo step gets: the output, the checks, the server and the clients.
import ProtoHTTPDemoService


/// The shared state of one demo run, handed to each step in turn.
struct DemoContext: Sendable {
    let out: DemoOutput
    let checks: DemoChecks
    let server: DemoServer
    let serverLog: DemoLogCapture
    let clients: DemoClients
}
