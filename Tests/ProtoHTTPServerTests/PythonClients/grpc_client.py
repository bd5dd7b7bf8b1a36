#!/usr/bin/env python3
"""grpc_client.py: Google's grpcio and the sonora gRPC-Web client calling the ProtoHTTP server.

Usage: grpc_client.py GENDIR PORT grpc|grpcweb
Runs with the virtualenv of scripts/python-client-env; GENDIR holds notes_pb2.py (Protos/demo/notes.proto).
  grpc     grpcio over h2c (prior knowledge): unary calls, an error with details, request gzip, a large
           message, metadata with a -bin value, a deadline, the health service, an unknown method
  grpcweb  sonora over HTTP/1.1: the same calls without compression and deadline (sonora has neither)
Prints one line per result; the Swift test (GRPCPythonClientTests) compares them. Exits 1 when a call
fails in a way the script did not expect.
"""
import base64
import sys
import urllib.request

gendir, port, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sys.path.insert(0, gendir)

import grpc  # noqa: E402
import notes_pb2  # noqa: E402
import sonora.client  # noqa: E402
from google.protobuf import wrappers_pb2  # noqa: E402
from google.rpc import status_pb2  # noqa: E402

if mode == "grpc":
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
else:
    channel = sonora.client.insecure_web_channel(f"http://127.0.0.1:{port}")


def method(path, request_type, response_type):
    return channel.unary_unary(path, request_serializer=request_type.SerializeToString,
                               response_deserializer=response_type.FromString)


def raw_method(path):
    return channel.unary_unary(path, request_serializer=lambda b: b, response_deserializer=lambda b: b)


create = method("/notes.Notes/CreateNote", notes_pb2.CreateNoteRequest, notes_pb2.Note)
get = method("/notes.Notes/GetNote", notes_pb2.GetNoteRequest, notes_pb2.Note)
delete = method("/notes.Notes/DeleteNote", notes_pb2.DeleteNoteRequest, notes_pb2.DeleteNoteResponse)
echo = method("/test.Metadata/Echo", wrappers_pb2.StringValue, wrappers_pb2.StringValue)
slow = method("/test.Faults/Slow", wrappers_pb2.Int32Value, wrappers_pb2.StringValue)
health = raw_method("/grpc.health.v1.Health/Check")


def code_name(error):
    code = error.code()
    return code.name if hasattr(code, "name") else str(code)


def describe_status(raw):
    status = status_pb2.Status.FromString(raw)
    return ";".join(f"{d.type_url}:{notes_pb2.GetNoteRequest.FromString(d.value).id}" for d in status.details)


def web_trailers(content_type, body):
    """POSTs a gRPC-Web body with urllib; returns the trailer frame's fields (sonora keeps them from its errors)."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}/notes.Notes/GetNote", data=body, method="POST",
                                     headers={"Content-Type": content_type, "X-Grpc-Web": "1"})
    with urllib.request.urlopen(request, timeout=10) as response:
        answer = response.read()
    if "text" in content_type:
        answer = base64.b64decode(answer)
    fields, index = {}, 0
    while index < len(answer):
        flags, length = answer[index], int.from_bytes(answer[index + 1:index + 5], "big")
        payload = answer[index + 5:index + 5 + length]
        if flags & 0x80:
            for line in payload.decode().split("\r\n"):
                if line:
                    name, value = line.split(":", 1)
                    fields[name.strip()] = value.strip()
        index += 5 + length
    return fields


def details_of(error):
    """The google.rpc.Status in grpc-status-details-bin, as type:id pairs."""
    if mode == "grpc":
        for key, value in error.trailing_metadata() or ():
            if key == "grpc-status-details-bin":
                return describe_status(value)
        return "none"
    message = notes_pb2.GetNoteRequest(id="nope").SerializeToString()
    framed = bytes([0]) + len(message).to_bytes(4, "big") + message
    fields = web_trailers("application/grpc-web+proto", framed)
    text = web_trailers("application/grpc-web-text", base64.b64encode(framed))
    value = fields.get("grpc-status-details-bin", "")
    same = "same in text" if text == fields else f"text differs: {text}"
    return describe_status(base64.b64decode(value + "=" * (-len(value) % 4))) + f" ({same})"


def expect_error(label, call):
    try:
        call()
        print(f"{label} none")
    except grpc.RpcError as error:
        print(f"{label} {code_name(error)} {error.details()!r}")
        return error
    except Exception as error:  # sonora raises its own WebRpcError, a grpc.RpcError subclass in most versions
        print(f"{label} {type(error).__name__} {error}")
        return None


note = create(notes_pb2.CreateNoteRequest(title="groceries", tags=["home"]), timeout=10)
print(f"create {note.id} title={note.title} tags={','.join(note.tags)}")
print(f"get {get(notes_pb2.GetNoteRequest(id=note.id), timeout=10).title}")
error = expect_error("error", lambda: get(notes_pb2.GetNoteRequest(id="nope"), timeout=10))
print(f"details {details_of(error) if error else 'none'}")
large = create(notes_pb2.CreateNoteRequest(title="x" * 1_000_000), timeout=10)
print(f"large {len(large.title)}")
if mode == "grpc":
    zipped = create(notes_pb2.CreateNoteRequest(title="y" * 100_000), timeout=10, compression=grpc.Compression.Gzip)
    print(f"gzip {len(zipped.title)}")
metadata = (("x-trace", "abc"), ("trace-bin", b"\x00\x01\xfe\xff"))
print(f"metadata {echo(wrappers_pb2.StringValue(value='hi'), metadata=metadata, timeout=10).value}")
if mode == "grpc":
    expect_error("deadline", lambda: slow(wrappers_pb2.Int32Value(value=-1), timeout=0.3))
ask_all, ask_notes, ask_unknown = b"", b"\x0a\x0bnotes.Notes", b"\x0a\x04nope"  # HealthCheckRequest{service}
print(f"health all {health(ask_all, timeout=10).hex()}")
print(f"health notes {health(ask_notes, timeout=10).hex()}")
expect_error("health unknown", lambda: health(ask_unknown, timeout=10))
expect_error("unknown method", lambda: raw_method("/notes.Notes/Nope")(b"", timeout=10))
print(f"delete remaining={delete(notes_pb2.DeleteNoteRequest(id=note.id), timeout=10).remaining}")
