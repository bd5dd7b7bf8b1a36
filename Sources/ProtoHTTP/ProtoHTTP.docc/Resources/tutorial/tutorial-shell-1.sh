git clone <ProtoHTTP's URL> ProtoHTTP
mkdir -p NotesApp/Sources/NotesApp
cd NotesApp
