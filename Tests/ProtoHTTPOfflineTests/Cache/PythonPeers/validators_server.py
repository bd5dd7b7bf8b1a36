#!/usr/bin/env python3
"""validators_server.py: a loopback HTTP/1.1 server whose GET responses carry an ETag or a
Last-Modified and answer 304 Not Modified to a matching conditional GET, for the response
cache's revalidation tests.

Usage: validators_server.py   (binds 127.0.0.1 on a free port, prints "PORT <n>", serves until
its stdin closes).

Endpoints:
  GET /etag       body "etag-body-<r>" with ETag "\"r<r>\""; 304 when If-None-Match matches
  GET /modified   body "modified-body-<r>" with a Last-Modified; 304 when If-Modified-Since matches
  GET /bump       next revision <r> (new body and validators); answers the revision
  GET /cache-control?value=V&user=U
                  body "cc-<n>-<Authorization>" (n counts these requests) with Cache-Control: V
  GET /stats      JSON: requests to /etag and /modified, 304s sent, every If-None-Match and
                  If-Modified-Since received (in order)
"""
import http.server
import json
import sys
import threading
import urllib.parse

_lock = threading.Lock()
_state = {"revision": 1, "requests": 0, "not_modified": 0, "if_none_match": [], "if_modified_since": []}


def last_modified(revision):
    return "Mon, 0%d Jan 2024 10:00:00 GMT" % revision


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):  # keep test output quiet
        pass

    def answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 304:
            self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        with _lock:
            revision = _state["revision"]
            if path in ("/etag", "/modified"):
                _state["requests"] += 1
                for header, key in (("If-None-Match", "if_none_match"), ("If-Modified-Since", "if_modified_since")):
                    if self.headers.get(header) is not None:
                        _state[key].append(self.headers.get(header))
            if path == "/bump":
                _state["revision"] += 1
                revision = _state["revision"]
            stats = json.dumps(_state).encode()
        if path == "/etag":
            etag = '"r%d"' % revision
            if self.headers.get("If-None-Match") == etag:
                self.count_not_modified()
                return self.answer(304, headers=[("ETag", etag)])
            return self.answer(200, b"etag-body-%d" % revision, [("ETag", etag)])
        if path == "/modified":
            stamp = last_modified(revision)
            if self.headers.get("If-Modified-Since") == stamp:
                self.count_not_modified()
                return self.answer(304)
            return self.answer(200, b"modified-body-%d" % revision, [("Last-Modified", stamp)])
        if path == "/bump":
            return self.answer(200, str(revision).encode())
        if path == "/cache-control":
            query = dict(urllib.parse.parse_qsl(self.path.split("?", 1)[1] if "?" in self.path else ""))
            with _lock:
                _state["cache_control"] = _state.get("cache_control", 0) + 1
                count = _state["cache_control"]
            body = ("cc-%d-%s" % (count, self.headers.get("Authorization", "anonymous"))).encode()
            return self.answer(200, body, [("Cache-Control", query.get("value", "max-age=60"))])
        if path == "/stats":
            return self.answer(200, stats)
        self.answer(404, b"no such path")

    def count_not_modified(self):
        with _lock:
            _state["not_modified"] += 1


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # Exit when the test closes our stdin (or dies), so no server outlives its test.
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
