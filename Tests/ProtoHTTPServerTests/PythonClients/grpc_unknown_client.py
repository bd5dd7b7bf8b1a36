#!/usr/bin/env python3
"""grpc_unknown_client.py: grpcio calling methods the server does not have while its requests are still open.

Usage: grpc_unknown_client.py GENDIR PORT
Each call sends one request message and waits for the first answer before ending its requests, as a
bidirectional client may: a server that answered an unknown method only at the end of the request
would leave it waiting until its deadline (DEADLINE_EXCEEDED). Prints "<path> <status>" per call.
"""
import queue
import sys

port = int(sys.argv[2])

import grpc  # noqa: E402

channel = grpc.insecure_channel(f"127.0.0.1:{port}")
for path in ["/notes.Notes/Nope", "/no.Such/Service"]:
    held = queue.Queue()

    def open_requests():
        yield b"\x0a\x03one"
        held.get()  # released once the answer has come

    call = channel.stream_stream(path, request_serializer=lambda b: b, response_deserializer=lambda b: b)
    try:
        next(call(open_requests(), timeout=5))
        print(path, "answered")
    except grpc.RpcError as error:
        print(path, error.code().name)
    finally:
        held.put(None)
