#!/usr/bin/env python3
"""rpc_peer_server.py: the Python Connect (connectrpc), Twirp (twirp), gRPC (grpcio) or gRPC-Web (sonora) server the ProtoHTTP client tests call.

Usage: rpc_peer_server.py connect|twirp|grpc|grpcweb GENDIR
       rpc_peer_server.py grpc-mtls GENDIR CERT KEY CA   (gRPC over TLS that requires a client certificate CA signed)
Runs with the virtualenv of scripts/python-client-env; GENDIR holds the Python code generated from
protos/rpc_test.proto (rpc_test_pb2.py, rpc_test_connect.py) and protos/stream_test.proto
(stream_test_connect.py). Binds 127.0.0.1 on a free port, prints "PORT <n>", serves until stdin
closes or it is killed.

protohttp.rpctest.PingService/Ping answers text=request.text, number=request.number+1, except:
  text "fail:<code>"  raises that error code (Connect, gRPC and gRPC-Web: with one detail, a
                      PingResponse whose text is "detail"; Twirp: with meta {"reason": "asked"}),
                      message "asked to fail"
  text "sleep:<ms>"   sleeps that long first
  text "headers"      answers with the request's X-Test-Value header as text (gRPC: and the
                      trace-bin metadata's bytes in hex after a space)
  text "encoding:<x>" answers "<Content-Encoding the request arrived with, or identity>:<x>",
                      so a test sees both that the body was compressed and that it was decoded
protohttp.rpctest.PingService/Lookup (NO_SIDE_EFFECTS) answers text="<text> via <HTTP method>",
number=request.number+1; the Connect peer takes it as GET or POST, the Twirp peer as POST.
The gRPC and gRPC-Web peers also stream (generic handlers, not in rpc_test.proto):
  Watch(PingRequest) -> stream PingResponse    number=1..request.number, text=request.text; text
                                               "fail" ends with NOT_FOUND "watch failed" after them
  Collect(stream PingRequest) -> PingResponse  text=the texts joined with ",", number=their sum
  Chat(stream PingRequest) -> stream PingResponse  each request back with number+1, as it comes
The Connect peer streams over Connect's streaming protocol with the same semantics, as
protohttp.rpctest.PingStreamService (protos/stream_test.proto) beside PingService on its one server:
  Watch    as above; text "fail:<code>" ends with that code, "watch failed" and one detail (a
           PingResponse, text "detail") after the messages; trailer x-watch-count: how many it sent
  Collect  as above; a request text "fail:<code>" fails it with that code, "collect failed"
  Chat     as above; over HTTP/1.1 (wsgiref, chunked request bodies) each answer goes out once
           its request is read, while the request body goes on
connectrpc's WSGI server takes every stream kind over HTTP/1.1; wsgiref does not undo chunked
request bodies, so ChunkedBody does, in front of the app.
The gRPC peers serve grpcio-reflection's grpc.reflection.v1alpha.ServerReflection too (v1alpha
only, as grpcio does), describing PingService from rpc_test_pb2.

Compressed request bodies: connectrpc inflates Content-Encoding: gzip itself (and a GET's
compression=gzip). twirp reads bodies as they come, so the Twirp peer runs behind GzipRequests, a
small ASGI layer that inflates gzip bodies first, as a gateway in front of a Twirp service would.
"""
import gzip
import io
import os
import socket
import sys
import threading
import time

protocol, gendir = sys.argv[1], sys.argv[2]
sys.path.insert(0, gendir)

import rpc_test_pb2  # noqa: E402


def answer(request, header_value, content_encoding=None):
    text = request.text
    if text.startswith("encoding:"):
        text = f"{content_encoding or 'identity'}:{text[len('encoding:'):]}"
    if text.startswith("sleep:"):
        time.sleep(int(text.split(":", 1)[1]) / 1000)
    if text == "headers":
        text = header_value or "<none>"
    return rpc_test_pb2.PingResponse(text=text, number=request.number + 1)


def watch_stdin():
    """Exits the process when the test closes our stdin."""
    sys.stdin.read()
    os._exit(0)


def free_socket():
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)  # listening before the port is announced, so the first call is never refused
    return sock


class ChunkedBody:
    """A chunked request body read as its payload: read(n) gives at most n bytes of the chunk at
    hand (waiting only for that chunk), and b"" once the last chunk and its trailers are read."""

    def __init__(self, stream):
        self.stream = stream
        self.left = 0  # bytes of the current chunk not yet read
        self.ended = False

    def read(self, size=-1):
        if self.ended:
            return b""
        if self.left == 0:
            line = self.stream.readline(1024)
            try:
                self.left = int(line.split(b";", 1)[0].strip(), 16)
            except ValueError:
                raise OSError(f"bad chunk size line {line!r}") from None
            if self.left == 0:
                while self.stream.readline(1024) not in (b"\r\n", b"\n", b""):
                    pass  # trailer lines
                self.ended = True
                return b""
        wanted = self.left if size is None or size < 0 else min(size, self.left)
        data = self.stream.read(wanted)
        if not data:
            raise OSError("the chunked body ended inside a chunk")
        self.left -= len(data)
        if self.left == 0:
            self.stream.readline(1024)  # the CRLF closing the chunk
        return data


def error_detail():
    """The one detail the Connect peer's errors carry: a PingResponse whose text is "detail"."""
    from protobuf.wkt import Any
    return Any(type_url="type.googleapis.com/protohttp.rpctest.PingResponse",
               value=rpc_test_pb2.PingResponse(text="detail").SerializeToString())


def serve_connect():
    from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server
    from socketserver import ThreadingMixIn
    from connectrpc.code import Code
    from connectrpc.errors import ConnectError
    import rpc_test_connect
    import stream_test_connect

    class Service:
        def ping(self, request, ctx):
            if request.text.startswith("fail:"):
                code = Code(request.text.split(":", 1)[1])
                raise ConnectError(code, "asked to fail", details=[error_detail()])
            return answer(request, ctx.request_headers.get("x-test-value"), ctx.request_headers.get("content-encoding"))

        def lookup(self, request, ctx):
            return rpc_test_pb2.PingResponse(text=f"{request.text} via {ctx.http_method}", number=request.number + 1)

    class StreamService:
        def watch(self, request, ctx):
            for number in range(1, request.number + 1):
                yield rpc_test_pb2.PingResponse(text=request.text, number=number)
            ctx.response_trailers["x-watch-count"] = str(max(request.number, 0))
            if request.text.startswith("fail:"):
                raise ConnectError(Code(request.text.split(":", 1)[1]), "watch failed", details=[error_detail()])

        def collect(self, requests, ctx):
            texts, total = [], 0
            for request in requests:
                texts.append(request.text)
                total += request.number
            failing = [text for text in texts if text.startswith("fail:")]
            if failing:
                raise ConnectError(Code(failing[0].split(":", 1)[1]), "collect failed")
            return rpc_test_pb2.PingResponse(text=",".join(texts), number=total)

        def chat(self, requests, ctx):
            for request in requests:
                yield rpc_test_pb2.PingResponse(text=request.text, number=request.number + 1)

    class Server(ThreadingMixIn, WSGIServer):
        daemon_threads = True

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, *args):
            pass

    connect_app = rpc_test_connect.PingServiceWSGIApplication(Service())
    stream_app = stream_test_connect.PingStreamServiceWSGIApplication(StreamService())

    def app(environ, start_response):
        # wsgiref hands over the raw socket as wsgi.input: a request without a body (a Connect
        # GET, which connectrpc drains) would block reading it, so it gets an empty body; a
        # chunked one (a stream's) would be read with its chunk framing, so ChunkedBody undoes it.
        if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
            environ["wsgi.input"] = ChunkedBody(environ["wsgi.input"])
        elif not environ.get("CONTENT_LENGTH"):
            environ["wsgi.input"] = io.BytesIO()
        if environ.get("PATH_INFO", "").startswith(stream_app.path + "/"):
            return stream_app(environ, start_response)
        return connect_app(environ, start_response)

    server = make_server("127.0.0.1", 0, app, server_class=Server, handler_class=QuietHandler)
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


def serve_twirp():
    import uvicorn
    from twirp.asgi import TwirpASGIApp
    from twirp import ctxkeys
    from twirp.base import Endpoint
    from twirp.errors import Errors
    from twirp.exceptions import TwirpServerException
    from twirp.server import TwirpServer

    class Service:
        def Ping(self, context, request):
            if request.text.startswith("fail:"):
                raise TwirpServerException(code=Errors(request.text.split(":", 1)[1]),
                                           message="asked to fail", meta={"reason": "asked"})
            headers = context.get(ctxkeys.RAW_HEADERS) or {}
            return answer(request, headers.get("x-test-value"), headers.get("content-encoding"))

        def Lookup(self, context, request):
            return rpc_test_pb2.PingResponse(text=f"{request.text} via POST", number=request.number + 1)

    # What protoc-gen-twirpy (a Go plugin, not on PyPI) would generate for the service.
    class PingServiceServer(TwirpServer):
        def __init__(self, *args, service, server_path_prefix="/twirp"):
            super().__init__(service=service)
            self._prefix = f"{server_path_prefix}/protohttp.rpctest.PingService"
            self._endpoints = {
                "Ping": Endpoint(service_name="protohttp.rpctest.PingService", name="Ping",
                                 function=getattr(service, "Ping"),
                                 input=rpc_test_pb2.PingRequest, output=rpc_test_pb2.PingResponse),
                "Lookup": Endpoint(service_name="protohttp.rpctest.PingService", name="Lookup",
                                   function=getattr(service, "Lookup"),
                                   input=rpc_test_pb2.PingRequest, output=rpc_test_pb2.PingResponse),
            }

    class GzipRequests:
        """Inflates Content-Encoding: gzip request bodies before the Twirp app reads them; a body
        that is not valid gzip gets Twirp's malformed error."""

        def __init__(self, app):
            self.app = app

        async def __call__(self, scope, receive, send):
            headers = dict(scope.get("headers") or [])
            if scope["type"] != "http" or headers.get(b"content-encoding", b"").lower() != b"gzip":
                return await self.app(scope, receive, send)
            body, more = b"", True
            while more:
                message = await receive()
                body += message.get("body", b"")
                more = message.get("more_body", False)
            try:
                body = gzip.decompress(body)
            except (OSError, EOFError) as error:
                reply = ('{"code":"malformed","msg":"the body is not valid gzip: %s"}' % error).encode()
                await send({"type": "http.response.start", "status": 400,
                            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(reply)).encode())]})
                await send({"type": "http.response.body", "body": reply})
                return
            delivered = False

            async def inflated():
                nonlocal delivered
                if delivered:
                    return await receive()
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}

            await self.app(scope, inflated, send)

    twirp_app = TwirpASGIApp()
    twirp_app.add_service(PingServiceServer(service=Service()))
    app = GzipRequests(twirp_app)
    sock = free_socket()
    print(f"PORT {sock.getsockname()[1]}", flush=True)
    config = uvicorn.Config(app, log_level="error", access_log=False, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])


def grpc_handlers():
    """PingService for grpcio and sonora, as generic handlers (no grpc_tools codegen needed)."""
    import grpc
    from google.rpc import status_pb2
    from google.protobuf import any_pb2

    def ping(request, context):
        if request.text.startswith("fail:"):
            code = grpc.StatusCode[request.text.split(":", 1)[1].upper()]
            detail = any_pb2.Any(type_url="type.googleapis.com/protohttp.rpctest.PingResponse",
                                 value=rpc_test_pb2.PingResponse(text="detail").SerializeToString())
            status = status_pb2.Status(code=code.value[0], message="asked to fail", details=[detail])
            context.set_trailing_metadata((("grpc-status-details-bin", status.SerializeToString()),))
            context.abort(code, "asked to fail")
        metadata = dict(context.invocation_metadata())
        header = metadata.get("x-test-value")
        if request.text == "headers" and "trace-bin" in metadata:
            header = f"{header} {metadata['trace-bin'].hex()}"
        return answer(request, header, metadata.get("grpc-encoding"))

    def lookup(request, context):
        return rpc_test_pb2.PingResponse(text=f"{request.text} via POST", number=request.number + 1)

    def watch(request, context):
        for number in range(1, request.number + 1):
            yield rpc_test_pb2.PingResponse(text=request.text, number=number)
        if request.text == "fail":
            context.abort(grpc.StatusCode.NOT_FOUND, "watch failed")

    def collect(requests, context):
        texts, total = [], 0
        for request in requests:
            texts.append(request.text)
            total += request.number
        return rpc_test_pb2.PingResponse(text=",".join(texts), number=total)

    def chat(requests, context):
        for request in requests:
            yield rpc_test_pb2.PingResponse(text=request.text, number=request.number + 1)

    kinds = {"unary": grpc.unary_unary_rpc_method_handler, "server": grpc.unary_stream_rpc_method_handler,
             "client": grpc.stream_unary_rpc_method_handler, "bidi": grpc.stream_stream_rpc_method_handler}

    def handler(function, kind="unary"):
        return kinds[kind](function, request_deserializer=rpc_test_pb2.PingRequest.FromString,
                           response_serializer=rpc_test_pb2.PingResponse.SerializeToString)
    return grpc.method_handlers_generic_handler("protohttp.rpctest.PingService", {
        "Ping": handler(ping), "Lookup": handler(lookup),
        "Watch": handler(watch, "server"), "Collect": handler(collect, "client"), "Chat": handler(chat, "bidi"),
    })


def serve_grpc(tls_files=None):
    import grpc
    from concurrent import futures
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=8))
    server.add_generic_rpc_handlers((grpc_handlers(),))
    # grpcio-reflection serves grpc.reflection.v1alpha (only) from the generated module's descriptors.
    from grpc_reflection.v1alpha import reflection
    reflection.enable_server_reflection((rpc_test_pb2.DESCRIPTOR.services_by_name["PingService"].full_name, reflection.SERVICE_NAME), server)
    if tls_files:
        cert, key, ca = (open(path, "rb").read() for path in tls_files)
        credentials = grpc.ssl_server_credentials([(key, cert)], root_certificates=ca, require_client_auth=True)
        port = server.add_secure_port("127.0.0.1:0", credentials)
    else:
        port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    print(f"PORT {port}", flush=True)
    server.wait_for_termination()


def serve_grpcweb():
    from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server
    from socketserver import ThreadingMixIn
    import sonora.wsgi

    class Server(ThreadingMixIn, WSGIServer):
        daemon_threads = True

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, *args):
            pass

    application = sonora.wsgi.grpcWSGI(None)
    application.add_generic_rpc_handlers((grpc_handlers(),))
    server = make_server("127.0.0.1", 0, application, server_class=Server, handler_class=QuietHandler)
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


threading.Thread(target=watch_stdin, daemon=True).start()
if protocol == "connect":
    serve_connect()
elif protocol == "twirp":
    serve_twirp()
elif protocol == "grpc":
    serve_grpc()
elif protocol == "grpc-mtls":
    serve_grpc(sys.argv[3:6])
elif protocol == "grpcweb":
    serve_grpcweb()
else:
    sys.exit(f"unknown protocol {protocol}")
