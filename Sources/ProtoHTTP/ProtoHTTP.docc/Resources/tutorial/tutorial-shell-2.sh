# In the ProtoHTTP checkout, in a second terminal:
swift run protohttp-demo serve --port 8080
# Serving notes.Notes (Protos/demo/notes.proto) on http://127.0.0.1:8080; Ctrl-C or SIGTERM stops it.
