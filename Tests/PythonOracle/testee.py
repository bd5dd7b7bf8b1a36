# testee.py: drives the conformance testee over its framed stdin/stdout protocol, one request at a time.
"""Frames are a 4-byte little-endian length and a serialized conformance.ConformanceRequest;
the answers are framed ConformanceResponses. A testee that dies is restarted for the next
request, and the request that killed it is answered with a synthetic runtime_error."""
import struct
import subprocess

PROTO3 = "protobuf_test_messages.proto3.TestAllTypesProto3"
PROTO2 = "protobuf_test_messages.proto2.TestAllTypesProto2"


class Outcome:
    """One answer: kind is the name of the ConformanceResponse.result member that was set."""

    def __init__(self, kind, value):
        self.kind = kind    # protobuf_payload, json_payload, parse_error, serialize_error, runtime_error, skipped, ...
        self.value = value  # bytes for protobuf_payload, str otherwise

    def __repr__(self):
        v = self.value if isinstance(self.value, str) else self.value.hex()
        return f"{self.kind}({v[:300]})"


class Testee:
    def __init__(self, path, conformance_pb2):
        self.path = path
        self.pb = conformance_pb2
        self.process = None
        self.crashes = []

    def _start(self):
        self.process = subprocess.Popen([self.path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)

    def close(self):
        if self.process is not None:
            self.process.stdin.close()
            self.process.wait(timeout=30)
            self.process = None

    def _read(self, n):
        data = b""
        while len(data) < n:
            chunk = self.process.stdout.read(n - len(data))
            if not chunk:
                return None
            data += chunk
        return data

    def request(self, message_type, output, json=None, protobuf=None, category=None, text=None, print_unknown=False):
        """Sends one request; `output` is "JSON", "PROTOBUF" or "TEXT_FORMAT"; exactly one of
        json/protobuf/text."""
        req = self.pb.ConformanceRequest(message_type=message_type,
                                         requested_output_format=self.pb.WireFormat.Value(output),
                                         print_unknown_fields=print_unknown)
        if text is not None:
            req.text_payload = text
            req.test_category = self.pb.TestCategory.Value(category or "TEXT_FORMAT_TEST")
        elif json is not None:
            req.json_payload = json
            req.test_category = self.pb.TestCategory.Value(category or "JSON_TEST")
        else:
            req.protobuf_payload = protobuf
            req.test_category = self.pb.TestCategory.Value(category or "BINARY_TEST")
        body = req.SerializeToString()
        if self.process is None:
            self._start()
        try:
            self.process.stdin.write(struct.pack("<I", len(body)) + body)
            self.process.stdin.flush()
            header = self._read(4)
            payload = self._read(struct.unpack("<I", header)[0]) if header else None
        except (BrokenPipeError, OSError):
            payload = None
        if payload is None:
            status = self.process.wait(timeout=30)
            stderr = self.process.stderr.read().decode("utf-8", "replace")[-2000:]
            self.process = None
            self.crashes.append(status)
            return Outcome("runtime_error", f"the testee died (exit status {status}) on this request: {stderr}")
        response = self.pb.ConformanceResponse()
        response.ParseFromString(payload)
        kind = response.WhichOneof("result")
        if kind is None:
            return Outcome("runtime_error", "the response has no result")
        return Outcome(kind, getattr(response, kind))
