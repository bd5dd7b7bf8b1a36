// AccessLogStep.swift: demo section 6: the last lines of the server's access log, kept by the demo's log handler.
import ProtoHTTPDemoService


/// Prints the tail of the access log the server wrote during the demo.
enum AccessLogStep {
    static func run(_ demo: DemoContext) async {
        let out = demo.out
        out.section(6, "The server's access log", [
            "With ServerConfiguration.accessLog on, the server writes one swift-log line per exchange at .info:",
            "request line, status, body size, time; protocol, encoding and RPC code as metadata. The last four:",
        ])
        let path = DemoServer.listRoute.path
        let logged = await demo.serverLog.waitFor { $0.hasPrefix("POST \(path) 200") }
        let exchanges = demo.serverLog.all.filter { $0.hasPrefix("POST ") }
        for line in exchanges.suffix(4) { out.line(line) }
        out.line("(\(exchanges.count) exchanges logged in all)")
        demo.checks.expect(logged, "the access log to show the JSON retry's 200")
        demo.checks.expect(exchanges.contains { $0.hasPrefix("POST \(path) 415") }, "the access log to show the 415")
    }
}
