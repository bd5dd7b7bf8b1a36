#!/usr/bin/env python3
"""multipart_upload_server.py: a loopback upload peer for the ProtoHTTP multipart tests.

Usage: multipart_upload_server.py   (binds 127.0.0.1 on a free port, prints "PORT <n>", serves
until stdin closes or it is killed).

POST (or PUT) /upload with a multipart/form-data body: the body is read in 1 MiB pieces and fed
to python-multipart's streaming parser (the parser Starlette and FastAPI use), so a part of any
size is hashed without being held in memory. The reply is JSON:

  {"method": "POST", "content_type": "<the request's Content-Type>", "bytes": <body length>,
   "parts": [{"name": ..., "filename": ... or null, "content_type": ... or null,
              "headers": {"lowercased name": "value", ...}, "size": n, "sha256": "<hex>",
              "text": "<the part as UTF-8 when it is at most 4 KiB, else null>"}]}

A body that is not valid multipart gets 400 with the parser's message.

POST, PUT or PATCH /files/<anything>: any body, hashed as it arrives in 1 MiB pieces:

  {"method": ..., "path": ..., "content_type": ... or null, "bytes": <bytes read>,
   "content_length": <the header's value> or null, "sha256": "<hex>"}

/redirect/<rest> reads the body, then answers 307 to /files/<rest>, so the client must send it
again from its start.
"""
import hashlib
import http.server
import json
import sys
import threading

from python_multipart.multipart import MultipartParser, parse_options_header

CHUNK = 1 << 20


class Part:
    def __init__(self):
        self.headers = {}
        self.size = 0
        self.sha = hashlib.sha256()
        self.head = bytearray()
        self._field = b""

    def report(self):
        disposition, params = parse_options_header(self.headers.get("content-disposition", ""))
        name = params.get(b"name")
        filename = params.get(b"filename")
        return {
            "name": name.decode() if name is not None else None,
            "filename": filename.decode() if filename is not None else None,
            "content_type": self.headers.get("content-type"),
            "headers": self.headers,
            "size": self.size,
            "sha256": self.sha.hexdigest(),
            "text": self.head.decode("utf-8", "replace") if self.size <= 4096 else None,
        }


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def do_PUT(self):
        self.do_POST()

    def do_PATCH(self):
        self.do_POST()

    def do_POST(self):
        if self.path.startswith("/redirect/"):
            # Read the body first: a 307 sent over a body still arriving, then a close, can meet
            # the client mid-send (EPIPE) before it reads the answer.
            self._drain(int(self.headers.get("Content-Length") or 0))
            self.send_response(307)
            self.send_header("Location", "/files/" + self.path[len("/redirect/"):])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self.path.startswith("/files/"):
            return self._raw()
        length = int(self.headers.get("Content-Length") or 0)
        content_type = self.headers.get("Content-Type", "")
        kind, params = parse_options_header(content_type)
        if kind != b"multipart/form-data" or b"boundary" not in params:
            self._drain(length)
            return self._reply(400, {"error": "not multipart/form-data: " + content_type})
        parts = []
        current = {"part": None, "field": b"", "value": b""}

        def on_part_begin():
            current["part"] = Part()

        def on_header_field(data, start, end):
            current["field"] += data[start:end]

        def on_header_value(data, start, end):
            current["value"] += data[start:end]

        def on_header_end():
            current["part"].headers[current["field"].decode().lower()] = current["value"].decode()
            current["field"] = b""
            current["value"] = b""

        def on_part_data(data, start, end):
            part = current["part"]
            piece = data[start:end]
            part.size += len(piece)
            part.sha.update(piece)
            if len(part.head) <= 4096:
                part.head += piece[: 4097 - len(part.head)]

        def on_part_end():
            parts.append(current["part"].report())

        parser = MultipartParser(params[b"boundary"], {
            "on_part_begin": on_part_begin, "on_header_field": on_header_field,
            "on_header_value": on_header_value, "on_header_end": on_header_end,
            "on_part_data": on_part_data, "on_part_end": on_part_end,
        }, max_header_count=32)
        remaining = length
        try:
            while remaining > 0:
                chunk = self.rfile.read(min(CHUNK, remaining))
                if not chunk:
                    break
                remaining -= len(chunk)
                parser.write(chunk)
            parser.finalize()
        except Exception as error:  # the parser's own errors name the problem
            self._drain(remaining)
            return self._reply(400, {"error": str(error)})
        self._reply(200, {"method": self.command, "content_type": content_type, "bytes": length, "parts": parts})

    def _raw(self):
        declared = self.headers.get("Content-Length")
        remaining = int(declared or 0)
        sha = hashlib.sha256()
        read = 0
        while remaining > 0:
            chunk = self.rfile.read(min(CHUNK, remaining))
            if not chunk:
                break
            remaining -= len(chunk)
            read += len(chunk)
            sha.update(chunk)
        self._reply(200, {"method": self.command, "path": self.path, "content_type": self.headers.get("Content-Type"), "bytes": read,
                          "content_length": int(declared) if declared is not None else None,
                          "sha256": sha.hexdigest()})

    def _drain(self, remaining):
        while remaining > 0:
            chunk = self.rfile.read(min(CHUNK, remaining))
            if not chunk:
                return
            remaining -= len(chunk)

    def _reply(self, status, payload):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    sys.stdin.read()  # until the test closes stdin
    server.shutdown()


if __name__ == "__main__":
    main()
