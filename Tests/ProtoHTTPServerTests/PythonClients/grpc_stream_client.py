#!/usr/bin/env python3
"""grpc_stream_client.py: Google's grpcio (and sonora for gRPC-Web) calling the ProtoHTTP server's streaming methods.

Usage: grpc_stream_client.py GENDIR PORT grpc|grpcweb
Calls test.Streams (Tests/ProtoHTTPServerTests/Support/StreamingService.swift) with wrapper messages:
  grpc     grpcio over h2c: a server stream, a long one, an error after messages with details, a client
           stream, a bidi exchange that waits for each answer before the next request, a cancel
           mid-stream, health Watch's first message and a deadline across a stream
  grpcweb  sonora over HTTP/1.1: server streams (gRPC-Web clients stream only responses)
Prints one line per result; the Swift test (StreamingPythonClientTests) compares them. Exits 1 when a
call fails in a way the script did not expect.
"""
import queue
import sys

gendir, port, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sys.path.insert(0, gendir)

import grpc  # noqa: E402
import sonora.client  # noqa: E402
from google.protobuf import wrappers_pb2  # noqa: E402
from google.rpc import status_pb2  # noqa: E402

Int32, String = wrappers_pb2.Int32Value, wrappers_pb2.StringValue

if mode == "grpc":
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
else:
    channel = sonora.client.insecure_web_channel(f"http://127.0.0.1:{port}")


def server_stream(name, response=String):
    return channel.unary_stream(f"/test.Streams/{name}", request_serializer=Int32.SerializeToString,
                                response_deserializer=response.FromString)


def code_name(error):
    code = error.code()
    return code.name if hasattr(code, "name") else str(code)


count = server_stream("Count")
print("count", ",".join(r.value for r in count(Int32(value=3))))
print("long", sum(1 for _ in count(Int32(value=10000))))

received = []
try:
    for r in server_stream("CountThenFail")(Int32(value=2)):
        received.append(r.value)
    print("no error")
except grpc.RpcError as error:
    print("fail", ",".join(received), code_name(error), repr(error.details()))
    if mode == "grpc":
        raw = dict(error.trailing_metadata()).get("grpc-status-details-bin")
        status = status_pb2.Status.FromString(raw)
        print("details", ";".join(f"{d.type_url}:{Int32.FromString(d.value).value}" for d in status.details))

try:
    list(count(Int32(value=-1)))
    print("no error")
except grpc.RpcError as error:
    print("negative", code_name(error), repr(error.details()))

if mode == "grpc":
    total = channel.stream_unary("/test.Streams/Sum", request_serializer=Int32.SerializeToString,
                                 response_deserializer=String.FromString)
    print("sum", total(Int32(value=v) for v in range(1, 101)).value)
    print("sum empty", total(iter(())).value)

    echo = channel.stream_stream("/test.Streams/Echo", request_serializer=String.SerializeToString,
                                 response_deserializer=String.FromString)
    outgoing = queue.Queue()

    def requests():
        while True:
            item = outgoing.get()
            if item is None:
                return
            yield String(value=item)

    answers = echo(requests())
    heard = []
    for word in ["one", "two", "three"]:
        outgoing.put(word)  # the next word goes only after the answer to this one came
        heard.append(next(answers).value)
    outgoing.put(None)
    rest = list(answers)
    print("echo", ",".join(heard), "rest", len(rest))

    try:
        list(echo(iter([String(value="ok"), String(value="fail")])))
        print("no error")
    except grpc.RpcError as error:
        print("echo fail", code_name(error), repr(error.details()))

    forever = server_stream("Forever")
    call = forever(Int32(value=100))
    got = [next(call) for _ in range(5)]
    call.cancel()
    print("cancelled after", len(got))

    health = channel.unary_stream("/grpc.health.v1.Health/Watch", request_serializer=lambda b: b,
                                  response_deserializer=lambda b: b)
    watching = health(b"")  # the whole server
    first = next(watching)
    watching.cancel()
    print("health watch", first.hex())

    try:
        for _ in forever(Int32(value=100), timeout=0.5):
            pass
        print("no error")
    except grpc.RpcError as error:
        print("deadline", code_name(error))
