// main.swift: bench-scale: cost curves as work grows (issue 34): server, client, codec, offline queue and response cache; one RESULT line per point.
//
// Usage: bench-scale [--only server|client|codec|queue|cache]… [--quick]
//                    [--duration SECONDS] [--warmup SECONDS] [--server-threads N] [--queue-max N]
// (`bench-scale --serve-protohttp …` and `--serve-hold N` are server children it starts itself.)
#if canImport(Glibc)
import Glibc
#endif

signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case ServeCommand.flag?:
    exit(await ServeCommand.run(Array(arguments.dropFirst())))
case HoldServeCommand.flag?:
    exit(HoldServeCommand.run(Array(arguments.dropFirst())))
default:
    exit(await ScaleRun.run(arguments))
}
