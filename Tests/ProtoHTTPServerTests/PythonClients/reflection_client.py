#!/usr/bin/env python3
"""reflection_client.py: grpcio-reflection's descriptor database learning the ProtoHTTP server's API, then calling it.

Usage: reflection_client.py GENDIR PORT [list]
Runs with the virtualenv of scripts/python-client-env (GENDIR is unused: this client knows no schema of
its own). Over gRPC (h2c):
  v1alpha  grpcio-reflection's ProtoReflectionDescriptorDatabase lists the services, builds a descriptor
           pool from the server's answers, and calls notes.Notes/CreateNote with message classes made
           from that pool alone
  v1       the same protocol under grpc.reflection.v1, asked by hand on one stream: a file by symbol
           (its imports come along), the same file by name (its imports already sent), extension
           numbers, an unknown symbol (NOT_FOUND), and the list of services
With `list`, only the services are printed (the Serving article's example).
Prints one line per result; the Swift test (ReflectionTests) compares them.
"""
import sys

port = int(sys.argv[2])

import grpc  # noqa: E402
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory  # noqa: E402
from grpc_reflection.v1alpha import reflection_pb2  # noqa: E402
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase  # noqa: E402

channel = grpc.insecure_channel(f"127.0.0.1:{port}")

# v1alpha, through grpcio-reflection's own client.
database = ProtoReflectionDescriptorDatabase(channel)
print("services " + " ".join(sorted(database.get_services())))
if sys.argv[3:] == ["list"]:
    sys.exit(0)
pool = descriptor_pool.DescriptorPool(database)
notes = pool.FindServiceByName("notes.Notes")
print("methods " + " ".join(m.name for m in notes.methods))
create = notes.methods_by_name["CreateNote"]
print("note fields " + " ".join(f"{f.name}:{f.number}" for f in create.output_type.fields))
print("created_at " + create.output_type.fields_by_name["created_at"].message_type.file.name)
Request = message_factory.GetMessageClass(create.input_type)
Response = message_factory.GetMessageClass(create.output_type)
call = channel.unary_unary("/notes.Notes/CreateNote", request_serializer=Request.SerializeToString,
                           response_deserializer=Response.FromString)
note = call(Request(title="learned by reflection", tags=["r"]), timeout=10)
print(f"created id={note.id} title={note.title} tags={','.join(note.tags)}")
print("health file " + pool.FindServiceByName("grpc.health.v1.Health").file.name)
print("reflection file " + pool.FindServiceByName("grpc.reflection.v1alpha.ServerReflection").file.name)

# v1, by hand: v1alpha's messages are v1's under another package name.
info = channel.stream_stream("/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
                             request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
                             response_deserializer=reflection_pb2.ServerReflectionResponse.FromString)
questions = [
    reflection_pb2.ServerReflectionRequest(file_containing_symbol="notes.Notes.GetNote"),
    reflection_pb2.ServerReflectionRequest(file_by_filename="notes.proto"),
    reflection_pb2.ServerReflectionRequest(file_containing_symbol=".notes.Note.title"),
    reflection_pb2.ServerReflectionRequest(all_extension_numbers_of_type="notes.Note"),
    reflection_pb2.ServerReflectionRequest(file_containing_symbol="notes.NoSuchThing"),
    reflection_pb2.ServerReflectionRequest(list_services=""),
]
for answer in info(iter(questions), timeout=10):
    asked = answer.original_request.WhichOneof("message_request")
    kind = answer.WhichOneof("message_response")
    if kind == "file_descriptor_response":
        names = [descriptor_pb2.FileDescriptorProto.FromString(b).name for b in answer.file_descriptor_response.file_descriptor_proto]
        print(f"v1 {asked} files " + " ".join(names))
    elif kind == "all_extension_numbers_response":
        numbers = answer.all_extension_numbers_response
        print(f"v1 {asked} {numbers.base_type_name} [{','.join(map(str, numbers.extension_number))}]")
    elif kind == "error_response":
        print(f"v1 {asked} error {answer.error_response.error_code} {answer.error_response.error_message}")
    elif kind == "list_services_response":
        print(f"v1 {asked} " + " ".join(s.name for s in answer.list_services_response.service))
