#!/usr/bin/env python3
"""transport_test_server.py: a loopback HTTP/1.1 keep-alive server for the ProtoHTTP transport tests.

Usage: transport_test_server.py [--tls DIR]   (binds 127.0.0.1 on a free port, serves until killed
or stdin closes). With --tls, makes a self-signed certificate for 127.0.0.1 in DIR with the
openssl CLI, serves HTTPS, and first prints "CERT <path>" and "PIN sha256//<base64>".
Prints "PORT <n>" last.

Endpoints (any method unless noted):
  /echo                body echoed back; X-Echo-Method, X-Echo-Content-Type, X-Echo-Accept-Encoding,
                       X-Echo-Header-<name> for request headers named X-Test-*; X-Echo-Body-Length
  /headers             the request headers as "name: value" lines
  /proto               a fixed protobuf body (application/x-protobuf)
  /gzip?size=N         N bytes of a repeating pattern, gzip-encoded (Content-Encoding: gzip)
  /slow?ms=N           waits N ms, then answers 200 "slow"
  /stall?ms=N          sends headers and part of the body, waits N ms, sends the rest
  /close-mid           promises 1000 bytes, sends 100, closes the connection
  /status/<code>[?body=1]  answers <code>, with or without a text body
  /big?size=N[&chunked=1]  N bytes, with Content-Length or chunked
  /connections         the number of TCP connections accepted so far
  /garbage             answers with bytes that are not HTTP
  /flaky?key=K&fails=N[&status=S][&retry-after=V][&reset=1]
                       the first N requests with key K answer S (default 503, with Retry-After V
                       if given) or, with reset=1, are cut off mid-response; later ones are
                       answered as /echo, with X-Attempt-Count (requests seen for K)
  /flaky-count?key=K   how many requests with key K arrived
  /redirect?to=URL[&status=S]  answers S (default 302) with Location: URL
  /auth?token=T[&ms=N] 401 unless the request carries "Authorization: Bearer T" (after N ms);
                       else answered as /echo
"""
import base64
import gzip
import hashlib
import os
import ssl
import subprocess
import http.server
import socket
import sys
import threading
import time
import urllib.parse

PROTO_BODY = bytes([0x08, 0x96, 0x01, 0x12, 0x05]) + b"hello"

_lock = threading.Lock()
_connections = 0
_flaky = {}
_flaky_keys = {}  # key -> the Idempotency-Key header of each /flaky attempt


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        global _connections
        with _lock:
            _connections += 1
        super().setup()

    def log_message(self, fmt, *args):  # keep test output quiet
        pass

    def _body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def _send(self, code, body=b"", content_type="application/octet-stream", extra=()):
        self.send_response(code)
        if (body or code not in (204, 304)) and content_type is not None:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _handle(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        body = self._body()
        path = url.path
        self._attempt_count = None
        if path == "/flaky":
            with _lock:
                seen = _flaky[query["key"]] = _flaky.get(query["key"], 0) + 1
                _flaky_keys.setdefault(query["key"], []).append(self.headers.get("Idempotency-Key", "<none>"))
            if seen <= int(query.get("fails", "1")):
                if query.get("reset") == "1":
                    self.send_response(200)
                    self.send_header("Content-Length", "1000")
                    self.end_headers()
                    self.wfile.write(b"x" * 10)
                    self.wfile.flush()
                    self.connection.shutdown(socket.SHUT_RDWR)
                    self.close_connection = True
                    return
                extra = [("Retry-After", query["retry-after"])] if "retry-after" in query else []
                self._send(int(query.get("status", "503")), b"try again", "text/plain", extra)
                return
            path = "/echo"
            self._attempt_count = seen
        if path.startswith("/v1/"):  # REST-shaped paths of the documentation's examples
            path = "/echo"
        elif path.startswith("/files/"):  # the documentation's downloads: a body of `size` bytes
            path = "/big"
        if path == "/auth":
            time.sleep(int(query.get("ms", "0")) / 1000)
            if self.headers.get("Authorization") != "Bearer " + query.get("token", ""):
                self._send(401, b'{"code":"unauthenticated","message":"bad token"}', "application/json")
                return
            path = "/echo"
        if path == "/redirect":
            self._send(int(query.get("status", "302")), b"", "text/plain", [("Location", query.get("to", "/echo"))])
            return
        if path == "/flaky-keys":  # the Idempotency-Key of each /flaky attempt, in order
            with _lock:
                keys = _flaky_keys.get(query["key"], [])
            self._send(200, ",".join(keys).encode(), "text/plain")
            return
        if path == "/flaky-count":
            with _lock:
                count = _flaky.get(query["key"], 0)
            self._send(200, str(count).encode(), "text/plain")
        elif path == "/echo":
            extra = [
                ("X-Echo-Method", self.command),
                ("X-Echo-Content-Type", self.headers.get("Content-Type", "<none>")),
                ("X-Echo-Accept-Encoding", self.headers.get("Accept-Encoding", "<none>")),
                ("X-Echo-Body-Length", str(len(body))),
                ("X-Echo-Query", url.query or "<none>"),
            ]
            if self._attempt_count is not None:
                extra.append(("X-Attempt-Count", str(self._attempt_count)))
            for name, value in self.headers.items():
                if name.lower().startswith("x-test-"):
                    extra.append(("X-Echo-Header-" + name[7:], value))
            # ?as=<type> answers with that Content-Type (`none`: no Content-Type at all).
            answer_type = query.get("as", self.headers.get("Content-Type", "application/octet-stream"))
            self._send(200, body, None if answer_type == "none" else answer_type, extra)
        elif path == "/headers":
            text = "".join(f"{n}: {v}\n" for n, v in self.headers.items()).encode()
            self._send(200, text, "text/plain")
        elif path == "/proto":
            self._send(200, PROTO_BODY, "application/x-protobuf")
        elif path == "/gzip":
            size = int(query.get("size", "1000"))
            plain = (b"protohttp-" * (size // 10 + 1))[:size]
            self._send(200, gzip.compress(plain), "application/octet-stream",
                       [("Content-Encoding", "gzip")])
        elif path == "/slow":
            time.sleep(int(query.get("ms", "1000")) / 1000)
            self._send(200, b"slow", "text/plain")
        elif path == "/stall":
            self.send_response(200)
            self.send_header("Content-Length", "20")
            self.end_headers()
            self.wfile.write(b"0123456789")
            self.wfile.flush()
            time.sleep(int(query.get("ms", "1000")) / 1000)
            self.wfile.write(b"0123456789")
        elif path == "/close-mid":
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"x" * 100)
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
        elif path.startswith("/status/"):
            code = int(path.rsplit("/", 1)[1])
            text = f"status {code} from the test server".encode() if query.get("body") == "1" else b""
            self._send(code, text, "text/plain")
        elif path == "/big":
            size = int(query.get("size", "1048576"))
            if query.get("chunked") == "1":
                self.send_response(200)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                chunk = b"b" * 65536
                sent = 0
                try:
                    while sent < size:
                        piece = chunk[: min(len(chunk), size - sent)]
                        self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                        sent += len(piece)
                    self.wfile.write(b"0\r\n\r\n")
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True
            else:
                try:
                    self._send(200, b"b" * size)
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True
        elif path == "/connections":
            with _lock:
                count = _connections
            self._send(200, str(count).encode(), "text/plain")
        elif path == "/garbage":
            self.wfile.write(b"this is not http\r\n\r\n")
            self.close_connection = True
        else:
            self._send(404, b"no such endpoint", "text/plain")

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = _handle


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


def make_certificate(directory):
    cert, key = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-keyout", key, "-out", cert, "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True)
    der = subprocess.run(
        ["sh", "-c", f"openssl x509 -in '{cert}' -pubkey -noout | openssl pkey -pubin -outform der"],
        check=True, capture_output=True).stdout
    pin = "sha256//" + base64.b64encode(hashlib.sha256(der).digest()).decode()
    return cert, key, pin


def main():
    server = Server(("127.0.0.1", 0), Handler)
    if len(sys.argv) == 3 and sys.argv[1] == "--tls":
        cert, key, pin = make_certificate(sys.argv[2])
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print(f"CERT {cert}", flush=True)
        print(f"PIN {pin}", flush=True)
    print(f"PORT {server.server_address[1]}", flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # Exit when the test closes our stdin (or dies), so no server outlives its test.
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
