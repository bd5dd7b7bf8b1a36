# schemas.py: generates _pb2.py modules with protoc into a temporary folder and imports them.
"""protoc (3.21, Debian's; or protobuf 36's for editions) writes the _pb2.py files; the pinned
protobuf runtime loads them.

The official conformance schemas stay in ../shared/conformance and the generated modules live
in a temporary folder that is removed at exit, so nothing is copied into the repository.
"""
import atexit
import glob
import importlib
import os
import shutil
import subprocess
import sys
import tempfile

CONFORMANCE_FILES = ["conformance.proto", "test_messages_proto3.proto", "test_messages_proto2.proto"]


def _include_dirs():
    """Folders holding google/protobuf/*.proto (the imports of the test schemas)."""
    dirs = [os.environ.get("PROTO_INCLUDE", "/usr/include"), "/usr/local/include"]
    return [d for d in dirs if os.path.isfile(os.path.join(d, "google/protobuf/any.proto"))]


EDITIONS_FILES = ["test_messages_edition2023.proto", "test_messages_proto2_editions.proto", "test_messages_proto3_editions.proto"]


def generate(conformance_dir, test_protos_dir=None, editions_protoc=None):
    """Runs protoc on the conformance schemas (and Protos/test/*.proto when given), imports the
    modules and returns them as a dict keyed by module name (e.g. "test_messages_proto3_pb2").

    With `editions_protoc` (a protoc that knows editions, scripts/protoc-editions), that protoc
    compiles everything, with its own well-known types, and the editions schemas of
    `conformance_dir`/editions are added (e.g. "test_messages_proto2_editions_pb2")."""
    protoc = editions_protoc or shutil.which(os.environ.get("PROTOC", "protoc"))
    if protoc is None:
        raise RuntimeError("protoc is not on PATH; run scripts/install-deps")
    out = tempfile.mkdtemp(prefix="protohttp-oracle-pb2-")
    atexit.register(shutil.rmtree, out, True)
    if editions_protoc:
        includes = [f"-I{os.path.join(os.path.dirname(editions_protoc), '..', 'include')}"]
    else:
        includes = [f"-I{d}" for d in _include_dirs()]
    jobs = [(conformance_dir, CONFORMANCE_FILES)]
    if editions_protoc:
        jobs.append((os.path.join(conformance_dir, "editions"), EDITIONS_FILES))
    if test_protos_dir:
        jobs.append((test_protos_dir, sorted(os.path.basename(p) for p in glob.glob(os.path.join(test_protos_dir, "*.proto")))))
    names = []
    for folder, files in jobs:
        for f in files:
            if not os.path.isfile(os.path.join(folder, f)):
                raise RuntimeError(f"{os.path.join(folder, f)} is missing")
        cmd = [protoc, f"-I{folder}", *includes, f"--python_out={out}", *files]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            raise RuntimeError(f"protoc failed ({' '.join(cmd)}):\n{run.stderr}")
        names += [f[:-len(".proto")] + "_pb2" for f in files]
    sys.path.insert(0, out)
    return {name: importlib.import_module(name) for name in names}
