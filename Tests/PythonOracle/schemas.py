# schemas.py: generates _pb2.py modules with protoc into a temporary folder and imports them.
"""protoc (3.21, Debian's) writes the _pb2.py files; the pinned protobuf runtime loads them.

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


def generate(conformance_dir, test_protos_dir=None):
    """Runs protoc on the conformance schemas (and Protos/test/*.proto when given), imports the
    modules and returns them as a dict keyed by module name (e.g. "test_messages_proto3_pb2")."""
    protoc = shutil.which(os.environ.get("PROTOC", "protoc"))
    if protoc is None:
        raise RuntimeError("protoc is not on PATH; run scripts/install-deps")
    out = tempfile.mkdtemp(prefix="protohttp-oracle-pb2-")
    atexit.register(shutil.rmtree, out, True)
    includes = [f"-I{d}" for d in _include_dirs()]
    jobs = [(conformance_dir, CONFORMANCE_FILES)]
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
