# schema_corpus.py: random messages of Protos/test for a Swift test to answer, and the check of its answers.
"""The Protos/test types (ProtoWireTestSchema) have no testee, so they cross by files:

  python schema_corpus.py write --out CORPUS [--seed N] [--count N]
      one line per random message: type<TAB>base64(binary)<TAB>base64(Python's JSON)
  (the Swift test reads CORPUS and writes ANSWERS, one line per corpus line:
      ok|error<TAB>base64(binary of the JSON it parsed, or the error)<TAB>ok|error<TAB>base64(its JSON of the binary, or the error))
  python schema_corpus.py check --corpus CORPUS --answers ANSWERS
      Python parses the binaries and the JSON back and compares them with the originals, as the
      testee round trips do (round_trips.py); exits 1 on any mismatch."""
import argparse
import base64
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import schemas  # noqa: E402

# The message types that are filled at random; each must be registered on the Swift side too.
TYPES = ["protohttp.test.TestAllTypes3", "protohttp.test.Presence3", "protohttp.test2.TestAllTypes2",
         "protohttp.test2.Groups2", "protohttp.ext2.Extendable"]


def _load(conformance):
    mods = schemas.generate(conformance, os.path.join(ROOT, "Protos/test"))
    from google.protobuf import symbol_database
    classes = {name: symbol_database.Default().GetSymbol(name) for name in TYPES}
    extensions = [ext for name, mod in mods.items() if name.startswith("test_")
                  for ext in _all_extensions(mod.DESCRIPTOR)]
    return classes, extensions


def _all_extensions(file_descriptor):
    out = list(file_descriptor.extensions_by_name.values())
    stack = list(file_descriptor.message_types_by_name.values())
    while stack:
        d = stack.pop()
        out += list(d.extensions)
        stack += list(d.nested_types)
    return out


def write(args):
    from google.protobuf import json_format
    from random_fill import Filler
    classes, extensions = _load(args.conformance)
    any_types = {}
    lines = []
    for type_name in TYPES:
        rng = random.Random(f"{args.seed}/{type_name}")
        filler = Filler(rng, any_types, extensions=[e for e in extensions if e.message_type is None
                                                     or not e.message_type.GetOptions().message_set_wire_format])
        for _ in range(args.count):
            m = filler.fill(classes[type_name]())
            lines.append("\t".join([type_name, _b64(m.SerializeToString()),
                                    _b64(json_format.MessageToJson(m, indent=None).encode())]))
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"schema-corpus: seed {args.seed}, {len(lines)} messages of {', '.join(TYPES)} in {args.out}")


def check(args):
    from google.protobuf import json_format
    import compare
    classes, _ = _load(args.conformance)
    corpus = [line.rstrip("\n").split("\t") for line in open(args.corpus) if line.strip()]
    answers = [line.rstrip("\n").split("\t") for line in open(args.answers) if line.strip()]
    if len(answers) != len(corpus):
        sys.exit(f"schema-corpus: {len(corpus)} messages but {len(answers)} answers")
    passed, failures = 0, []
    for i, ((type_name, binary, sent), (s1, from_json, s2, to_json)) in enumerate(zip(corpus, answers)):
        cls = classes[type_name]
        original = cls.FromString(base64.b64decode(binary))
        short = f"{type_name.rsplit('.', 1)[-1]} #{i}"
        sent_json = base64.b64decode(sent).decode()
        # JSON in: the Swift binary of Python's JSON must be the original message.
        if s1 != "ok":
            failures.append((f"{short} JSON->binary", f"Swift rejects Python's JSON: {base64.b64decode(from_json).decode()}\n"
                                                      f"JSON: {compare.cut(sent_json, 1500)}"))
        else:
            got = cls.FromString(base64.b64decode(from_json))
            if compare.equal(original, got):
                passed += 1
            else:
                failures.append((f"{short} JSON->binary", f"{compare.diff(original, got)}\nJSON: {compare.cut(sent_json, 1500)}"))
        # JSON out: Python's reading of the Swift JSON must be the original message, written canonically.
        if s2 != "ok":
            failures.append((f"{short} binary->JSON", f"Swift cannot write JSON: {base64.b64decode(to_json).decode()}"))
            continue
        text = base64.b64decode(to_json).decode()
        got = cls()
        try:
            json_format.Parse(text, got)
        except Exception as e:
            failures.append((f"{short} binary->JSON", f"json_format rejects Swift's JSON: {e}\nJSON: {compare.cut(text, 1500)}"))
            continue
        differences = compare.json_differences(compare.load_json(sent_json), compare.load_json(text))
        if not compare.equal(original, got):
            failures.append((f"{short} binary->JSON", f"{compare.diff(original, got)}\nJSON: {compare.cut(text, 1500)}"))
        elif differences:
            failures.append((f"{short} binary->JSON", "not the canonical JSON Python writes:\n  " + "\n  ".join(differences[:10])))
        else:
            passed += 1
    for title, details in failures[:8]:
        print(f"\nFAIL {title}\n{details}")
    for title, _ in failures[8:60]:
        print(f"  FAIL {title}")
    print(f"schema-corpus: {len(corpus)} messages, both directions")
    print(f"oracle: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


def _b64(data):
    return base64.b64encode(data).decode()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--conformance", default=os.environ.get("CONFORMANCE_PROTOS", os.path.join(ROOT, "../shared/conformance")))
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write")
    w.add_argument("--out", required=True)
    w.add_argument("--seed", type=int, default=int(os.environ.get("ORACLE_SEED", random.SystemRandom().randrange(10**9))))
    w.add_argument("--count", type=int, default=60, help="messages per type (default 60)")
    c = sub.add_parser("check")
    c.add_argument("--corpus", required=True)
    c.add_argument("--answers", required=True)
    args = parser.parse_args()
    return write(args) if args.command == "write" else check(args)


if __name__ == "__main__":
    sys.exit(main() or 0)
