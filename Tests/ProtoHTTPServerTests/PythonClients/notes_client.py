#!/usr/bin/env python3
"""notes_client.py: independent Python clients calling the ProtoHTTP server's notes.Notes service.

Usage: notes_client.py GENDIR PORT
Runs with the virtualenv of scripts/python-client-env; GENDIR holds the Python code generated from
Protos/demo/notes.proto (notes_pb2.py, notes_connect.py). Calls http://127.0.0.1:PORT with:
  connect/binary, connect/json  the connectrpc client with request compression off
  connect/gzip                  the connectrpc client with its default gzip request bodies
  (each connect section also calls GetNote and ListNotes as Connect GETs: use_get=True)
  twirp/binary                  twirp's TwirpClient (twirp ships no Python protoc plugin)
  twirp/json, plain/*           raw urllib requests, printing status, Content-Type and exact body
Prints one line per result; the Swift test (PythonClientTests) compares them. Exits 1 when a call
fails in a way the script did not expect.
"""
import sys
import urllib.error
import urllib.request

gendir, port = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, gendir)

import notes_connect  # noqa: E402
import notes_pb2  # noqa: E402
from connectrpc.compat import google_protobuf_json_codec  # noqa: E402
from connectrpc.errors import ConnectError  # noqa: E402
from google.protobuf import json_format  # noqa: E402
from twirp.client import TwirpClient  # noqa: E402
from twirp.context import Context  # noqa: E402
from twirp.exceptions import TwirpServerException  # noqa: E402

address = f"http://127.0.0.1:{port}"


def sample():
    """The note every section creates: repeated, map, oneof (checklist) and enum fields."""
    request = notes_pb2.CreateNoteRequest(title="groceries", tags=["home", "errand"],
                                          labels={"store": "corner"}, priority=notes_pb2.PRIORITY_HIGH)
    request.checklist.items.add(text="milk", done=False)
    request.checklist.items.add(text="eggs", done=True)
    return request


def describe(note):
    """A note as one line: every field, the Timestamp in RFC 3339."""
    if note.WhichOneof("content") == "checklist":
        content = "checklist=" + ",".join(f"{item.text}:{'done' if item.done else 'open'}" for item in note.checklist.items)
    else:
        content = f"text={note.text!r}"
    labels = ",".join(f"{key}={value}" for key, value in sorted(note.labels.items()))
    return (f"{note.id} title={note.title!r} tags={','.join(note.tags)} labels={labels} {content} "
            f"priority={notes_pb2.Priority.Name(note.priority)} created={note.created_at.ToJsonString()}")


def counts(response):
    return ",".join(f"{tag}:{count}" for tag, count in sorted(response.tag_counts.items()))


def connect_section(name, client):
    note = client.create_note(sample())
    print(f"{name} create {describe(note)}")
    print(f"{name} get {describe(client.get_note(notes_pb2.GetNoteRequest(id=note.id)))}")
    # GetNote and ListNotes are NO_SIDE_EFFECTS: the same calls as Connect GETs.
    print(f"{name} GET get {describe(client.get_note(notes_pb2.GetNoteRequest(id=note.id), use_get=True))}")
    listed = client.list_notes(notes_pb2.ListNotesRequest(tag="errand"))
    print(f"{name} list {','.join(n.id for n in listed.notes)} counts={counts(listed)}")
    listed = client.list_notes(notes_pb2.ListNotesRequest(tag="errand"), use_get=True)
    print(f"{name} GET list {','.join(n.id for n in listed.notes)} counts={counts(listed)}")
    deleted = client.delete_note(notes_pb2.DeleteNoteRequest(id=note.id))
    print(f"{name} delete {deleted.deleted.id} remaining={deleted.remaining}")
    for label, use_get in (("error", False), ("GET error", True)):
        try:
            client.get_note(notes_pb2.GetNoteRequest(id="nope"), use_get=use_get)
            print(f"{name} {label} none")
        except ConnectError as error:
            details = ";".join(f"{d.type_name}:{notes_pb2.GetNoteRequest.FromString(d.message_bytes).id}" for d in error.details)
            print(f"{name} {label} {error.code.value} {error.message!r} details={details}")


def twirp_binary():
    client = TwirpClient(address)

    def call(method, request, response_type):
        return client._make_request(url=f"/twirp/notes.Notes/{method}", ctx=Context(),
                                    request=request, response_obj=response_type)

    note = call("CreateNote", sample(), notes_pb2.Note)
    print(f"twirp/binary create {describe(note)}")
    print(f"twirp/binary get {describe(call('GetNote', notes_pb2.GetNoteRequest(id=note.id), notes_pb2.Note))}")
    listed = call("ListNotes", notes_pb2.ListNotesRequest(tag="errand"), notes_pb2.ListNotesResponse)
    print(f"twirp/binary list {','.join(n.id for n in listed.notes)} counts={counts(listed)}")
    deleted = call("DeleteNote", notes_pb2.DeleteNoteRequest(id=note.id), notes_pb2.DeleteNoteResponse)
    print(f"twirp/binary delete {deleted.deleted.id} remaining={deleted.remaining}")
    try:
        call("GetNote", notes_pb2.GetNoteRequest(id="nope"), notes_pb2.Note)
        print("twirp/binary error none")
    except TwirpServerException as error:
        print(f"twirp/binary error {error.code.value} {error.message!r} meta={sorted(error.meta.items())}")


def post(path, content_type, body):
    """POSTs raw bytes; returns (status, Content-Type, body bytes), also for error statuses."""
    request = urllib.request.Request(address + path, data=body, method="POST", headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers.get("Content-Type"), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type"), error.read()


def raw_json(name, path_prefix):
    """JSON bodies written by Google's json_format; answers printed byte for byte."""
    status, content_type, body = post(f"{path_prefix}/notes.Notes/CreateNote", "application/json",
                                      json_format.MessageToJson(sample()).encode())
    print(f"{name} create {status} {content_type} {body.decode()}")
    created = json_format.Parse(body, notes_pb2.Note())
    status, content_type, body = post(f"{path_prefix}/notes.Notes/DeleteNote", "application/json",
                                      ('{"id": "%s"}' % created.id).encode())
    print(f"{name} delete {status} {content_type} {body.decode()}")
    status, content_type, body = post(f"{path_prefix}/notes.Notes/GetNote", "application/json", b'{"id": "nope"}')
    print(f"{name} error {status} {content_type} {body.decode()}")


def plain_binary():
    """Binary bodies at the Connect path without Connect headers; the answer must be the canonical encoding."""
    status, content_type, body = post("/notes.Notes/CreateNote", "application/x-protobuf", sample().SerializeToString())
    note = notes_pb2.Note.FromString(body)
    canonical = body == note.SerializeToString(deterministic=True)
    print(f"plain/binary create {status} {content_type} {describe(note)} canonical={canonical}")
    status, content_type, body = post("/notes.Notes/DeleteNote", "application/octet-stream",
                                      notes_pb2.DeleteNoteRequest(id=note.id).SerializeToString())
    print(f"plain/binary delete {status} {content_type} remaining={notes_pb2.DeleteNoteResponse.FromString(body).remaining}")
    status, content_type, body = post("/notes.Notes/GetNote", "application/x-protobuf",
                                      notes_pb2.GetNoteRequest(id="nope").SerializeToString())
    print(f"plain/binary error {status} {content_type} {body.decode()}")


connect_section("connect/binary", notes_connect.NotesClientSync(address, send_compression=None))
connect_section("connect/json", notes_connect.NotesClientSync(address, send_compression=None,
                                                              codec=google_protobuf_json_codec()))
connect_section("connect/gzip", notes_connect.NotesClientSync(address))
twirp_binary()
raw_json("twirp/json", "/twirp")
plain_binary()
