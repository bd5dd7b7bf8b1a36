#!/usr/bin/env python3
"""gzip_client.py: the Python connectrpc client against the ProtoHTTP server, with gzip both ways.

Usage: gzip_client.py GENDIR PORT
Runs with the virtualenv of scripts/python-client-env. Creates a note whose text is 4,000 bytes
with the connectrpc client's default gzip request bodies, then reads it back three ways and
prints, per call, the decoded text's length:
  post       POST, accepting gzip (connectrpc's default Accept-Encoding)
  get        the same call as a Connect GET (use_get=True)
  identity   POST from a client that accepts no compression (accept_compression=[])
connectrpc leaves decoding to its HTTP client (pyqwest), which drops Content-Encoding once it has
decoded the body, so the Swift test reads the bytes sent from the server's access log instead.
"""
import sys

gendir, port = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, gendir)

import notes_connect  # noqa: E402
import notes_pb2  # noqa: E402

address = f"http://127.0.0.1:{port}"
client = notes_connect.NotesClientSync(address)
created = client.create_note(notes_pb2.CreateNoteRequest(title="long", text="gzip me " * 500))
print(f"create {created.id} {len(created.text)}")
request = notes_pb2.GetNoteRequest(id=created.id)
print(f"post {len(client.get_note(request).text)}")
print(f"get {len(client.get_note(request, use_get=True).text)}")
print(f"identity {len(notes_connect.NotesClientSync(address, accept_compression=[]).get_note(request).text)}")
