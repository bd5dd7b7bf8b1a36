#!/usr/bin/env python3
"""connect_stream_client.py: the Python connectrpc client calling the ProtoHTTP server's notes.NoteFeed streams.

Usage: connect_stream_client.py GENDIR PORT
Runs with the virtualenv of scripts/python-client-env; GENDIR holds the Python code generated from
Protos/demo/notes.proto (notes_pb2.py, notes_connect.py). Over Connect's streaming protocol
(HTTP/1.1, binary, gzip request messages as connectrpc sends by default): syncs two notes through
the bidirectional SyncNotes, watches them as a server stream, syncs one without a title (the
handler's invalid_argument ends the stream), and watches again with the JSON codec.
Prints one line per result; the Swift test (StreamingPythonClientTests) compares them. Exits 1 when a
call fails in a way the script did not expect.
"""
import sys

gendir, port = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, gendir)

import notes_connect  # noqa: E402
import notes_pb2  # noqa: E402
from connectrpc.compat import google_protobuf_json_codec  # noqa: E402
from connectrpc.errors import ConnectError  # noqa: E402

base = f"http://127.0.0.1:{port}"
feed = notes_connect.NoteFeedClientSync(base)

synced = feed.sync_notes(iter([notes_pb2.CreateNoteRequest(title=t, tags=["py"]) for t in ["first", "second"]]))
print("sync", ",".join(f"{note.title}:{bool(note.id)}" for note in synced))

print("watch", ",".join(note.title for note in feed.watch_notes(notes_pb2.ListNotesRequest(tag="py"))))

try:
    list(feed.sync_notes(iter([notes_pb2.CreateNoteRequest(title="ok"), notes_pb2.CreateNoteRequest(title="")])))
    print("no error")
except ConnectError as error:
    print("sync error", error.code.value, "title" in error.message)

as_json = notes_connect.NoteFeedClientSync(base, codec=google_protobuf_json_codec())
print("watch json", ",".join(note.title for note in as_json.watch_notes(notes_pb2.ListNotesRequest(tag="py"))))
