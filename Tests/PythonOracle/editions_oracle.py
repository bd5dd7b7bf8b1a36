# editions_oracle.py: cross-checks the testee's protobuf editions messages against Google's Python protobuf.
"""Usage: python editions_oracle.py [--testee PATH] [--seed N] [--count N] [--show N]

Compiles ../shared/conformance and its editions/ folder with the protoc of scripts/protoc-editions
(protobuf 36) into a temporary folder, starts the conformance testee (built by
scripts/conformance-testee unless --testee is given) and, for each editions schema
(TestAllTypesEdition2023, and the editions versions of TestAllTypesProto2 and TestAllTypesProto3):
  * binary both ways: Python's bytes of a seeded random message -> testee (PROTOBUF out) must be
    the bytes Python writes, each field byte for byte, in field-number order with map entries
    sorted (both orders are the encoder's choice: see canonical_order), and Python must read
    back the message it sent;
  * JSON both ways and the text format both ways, as json_oracle.py and text_oracle.py check the
    proto2 and proto3 schemas (round_trips.py, text_oracle.random_both_ways);
  * the proto2 and proto3 editions schemas behave exactly as their originals: the same random
    bytes (from either schema's messages) give the same binary and the same JSON from the testee
    read as the original and as the editions version;
  * edge cases, each answered as Python answers it: closed-enum unknowns, open-enum unknowns,
    delimited fields (and a length-prefixed occurrence of one), implicit presence of zeros,
    legacy required fields, and strings that are not UTF-8 where utf8_validation is NONE or VERIFY.
Prints failures, then `RESULT editions-oracle ...`; exits 1 on any failure."""
import argparse
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import schemas  # noqa: E402

EDITION2023 = "protobuf_test_messages.editions.TestAllTypesEdition2023"
ED_PROTO2 = "protobuf_test_messages.editions.proto2.TestAllTypesProto2"
ED_PROTO3 = "protobuf_test_messages.editions.proto3.TestAllTypesProto3"


def log(message):
    print(message, flush=True)


def run_script(name):
    run = subprocess.run(["bash", os.path.join(ROOT, "scripts", name)], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"editions-oracle: scripts/{name} failed ({run.returncode}):\n{run.stderr[-4000:]}")
    return run.stdout.strip().splitlines()[-1]


class Figures:
    def __init__(self):
        self.binary = 0            # random messages sent through the testee's binary both ways
        self.binary_identical = 0  # of those, answered with Python's bytes exactly
        self.equivalent = 0        # inputs answered alike as the original and the editions schema
        self.edge_cases = 0
        self.failed = []

    def fail(self, title, details):
        self.failed.append((title, details))


def _varint(data, i):
    value, shift = 0, 0
    while True:
        b = data[i]
        i += 1
        value |= (b & 0x7F) << shift
        if b < 0x80:
            return value, i
        shift += 7


def _fields(data, start, end):
    """The fields of data[start:end] as (number, wire type, start, end, payload slice or None);
    inside a group, the end-group tag is the last one yielded."""
    i = start
    while i < end:
        head = i
        tag, i = _varint(data, i)
        number, wire = tag >> 3, tag & 7
        payload = None
        if wire == 0:
            _, i = _varint(data, i)
        elif wire == 1:
            i += 8
        elif wire == 5:
            i += 4
        elif wire == 2:
            n, i = _varint(data, i)
            payload = (i, i + n)
            i += n
        elif wire == 3:  # a group: its fields, up to its end-group tag
            body = i
            for _, inner, inner_head, i, _ in _fields(data, i, end):
                if inner == 4:
                    payload = (body, inner_head)
                    break
        elif wire == 4:
            yield number, wire, head, i, None
            return
        else:
            raise ValueError(f"wire type {wire} at {head}")
        yield number, wire, head, i, payload


def canonical_order(data, descriptor, start=0, end=None):
    """data with its fields in field-number order (a stable sort: the elements of a repeated
    field keep theirs) and every map's entries sorted by their bytes, nested messages too; each
    field's own bytes as they were. The encoding leaves both orders to the encoder: upb writes
    extensions after the regular fields and sorts integer map keys in descending unsigned order;
    ProtoWire writes extensions at their range and integer keys in ascending order."""
    end = len(data) if end is None else end
    out = []
    maps = {}
    for number, wire, head, stop, payload in _fields(data, start, end):
        field = descriptor.fields_by_number.get(number)
        is_message = field is not None and field.message_type is not None
        if is_message and payload is not None and wire in (2, 3):
            inner = canonical_order(data, field.message_type, payload[0], payload[1])
            if wire == 2:
                chunk = _encode_varint(number << 3 | 2) + _encode_varint(len(inner)) + inner
            else:  # start tag, the sorted body, end tag
                chunk = data[head:payload[0]] + inner + data[payload[1]:stop]
            if field.message_type.GetOptions().map_entry:
                maps.setdefault(number, []).append(chunk)
                continue
        else:
            chunk = data[head:stop]
        out.append((number, chunk))
    out += [(number, entry) for number, entries in maps.items() for entry in sorted(entries)]
    return b"".join(chunk for _, chunk in sorted(out, key=lambda pair: pair[0]))


def _encode_varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def binary_both_ways(testee, classes, type_name, count, seed, fig, extensions):
    import compare
    from random_fill import Filler
    cls = classes[type_name]
    any_types = {"protobuf_test_messages.proto3.TestAllTypesProto3": classes["protobuf_test_messages.proto3.TestAllTypesProto3"]}
    rng = random.Random(f"{seed}/binary/{type_name}")
    filler = Filler(rng, any_types, extensions=extensions)
    short = type_name.rsplit(".", 2)[-2] + "." + type_name.rsplit(".", 1)[-1]
    for i in range(count):
        m = filler.fill(cls())
        title = f"seed {seed} {short} #{i} binary"
        sent = m.SerializeToString()
        out = testee.request(type_name, "PROTOBUF", protobuf=sent)
        fig.binary += 1
        if out.kind != "protobuf_payload":
            fig.fail(title, f"expected protobuf_payload, got {out!r}\nmessage:\n{compare.cut(compare.text(m), 1500)}")
            continue
        got = cls()
        try:
            got.ParseFromString(out.value)
        except Exception as e:
            fig.fail(title, f"Python cannot parse the testee's bytes: {e}\n{out.value.hex()[:400]}")
            continue
        if not compare.equal(m, got):
            fig.fail(title, f"the testee's bytes are another message\n{compare.diff(m, got)}")
            continue
        expected = canonical_order(sent, cls.DESCRIPTOR)
        ours = canonical_order(out.value, cls.DESCRIPTOR)
        if ours == expected:
            fig.binary_identical += 1
        else:
            i = next((k for k in range(min(len(ours), len(expected))) if ours[k] != expected[k]), min(len(ours), len(expected)))
            fig.fail(title, f"the testee's bytes ({len(ours)}) differ from Python's ({len(expected)}) at {i} (fields and map entries sorted):\n"
                            f"Python: …{expected[max(0, i - 40):i + 80].hex()}\ntestee: …{ours[max(0, i - 40):i + 80].hex()}")
    log(f"binary: {count} random {short} messages both ways")


def equivalence(testee, classes, original, editions, count, seed, fig):
    """Random messages of the original schema, as bytes, must get the same answers from the
    original and from its editions version. (The editions versions in ../shared are newer and
    declare a few more fields, such as proto2's MultiWordGroupField = 204, which the original
    keeps as unknown fields; so the inputs come from the original.)"""
    from random_fill import Filler
    any_types = {"protobuf_test_messages.proto3.TestAllTypesProto3": classes["protobuf_test_messages.proto3.TestAllTypesProto3"]}
    for source in (original,):
        rng = random.Random(f"{seed}/equivalence/{source}")
        filler = Filler(rng, any_types)  # no extensions: their names carry the package
        for i in range(count):
            sent = filler.fill(classes[source]()).SerializeToString()
            title = f"seed {seed} {source.rsplit('.', 2)[-2]} #{i} as {original.rsplit('.', 1)[-1]} and its editions version"
            for output in ("PROTOBUF", "JSON"):
                a = testee.request(original, output, protobuf=sent)
                b = testee.request(editions, output, protobuf=sent)
                if a.kind != b.kind or a.value != b.value:
                    fig.fail(title + f" ({output})", f"{first_difference(a, b)}\nbytes: {sent.hex()[:600]}")
                    break
            else:
                fig.equivalent += 1
    log(f"equivalence: {count} random messages as {original.rsplit('.', 1)[-1]} and as its editions version")


def first_difference(a, b):
    """Where two answers part, with some context."""
    if a.kind != b.kind or type(a.value) is not type(b.value):
        return f"original: {a!r}\neditions: {b!r}"
    x, y = a.value, b.value
    i = next((k for k in range(min(len(x), len(y))) if x[k] != y[k]), min(len(x), len(y)))
    show = (lambda v: v.hex()) if isinstance(x, bytes) else (lambda v: v)
    return (f"{a.kind}s of {len(x)} and {len(y)} differ at {i}:\noriginal: …{show(x[max(0, i - 40):i + 80])}\n"
            f"editions: …{show(y[max(0, i - 40):i + 80])}")


def edge_cases(testee, classes, fig):
    """Hand-made inputs, each answered by the testee as Python's parser and serializer answer it."""
    cases = [
        # (type, bytes, what it checks)
        (ED_PROTO2, bytes([0xA8, 0x01, 0x63]), "closed enum: optional_nested_enum = 99 goes to unknown fields"),
        (ED_PROTO2, bytes([0xCA, 0x03, 0x03, 0x01, 0x63, 0x02]), "closed enum, packed: 99 of 1, 99, 2 goes to unknown fields"),
        (EDITION2023, bytes([0xA8, 0x01, 0x63]), "open enum: optional_nested_enum = 99 is kept as a number"),
        (ED_PROTO3, bytes([0xA8, 0x01, 0x63]), "open enum in the proto3 editions schema"),
        (EDITION2023, bytes([0xCB, 0x0C, 0xD0, 0x0C, 0x05, 0xCC, 0x0C]), "delimited groupliketype (201) with group_int32 = 5"),
        (EDITION2023, bytes([0xD3, 0x0C, 0xD8, 0x0C, 0x07, 0xD4, 0x0C]), "delimited delimited_field (202) with group_uint32 = 7"),
        (EDITION2023, bytes([0xCA, 0x0C, 0x03, 0xD0, 0x0C, 0x05]), "a delimited field arriving length-prefixed is an unknown field"),
        (EDITION2023, bytes([0x92, 0x01, 0x02, 0x08, 0x01]), "length-prefixed optional_nested_message (18) as the schema says"),
        (ED_PROTO3, bytes([0x08, 0x00, 0x72, 0x00]), "implicit presence: zero int32 and empty string are not written back"),
        (EDITION2023, bytes([0x08, 0x00, 0x72, 0x00]), "explicit presence (2023's default): zeros are written back"),
        (ED_PROTO2, bytes([0x72, 0x02, 0xFF, 0xFE]), "utf8_validation NONE: optional_string that is not UTF-8 is kept"),
        (ED_PROTO2, bytes([0xE2, 0x02, 0x01, 0x80]), "utf8_validation NONE: repeated_string element that is not UTF-8 is kept"),
        (ED_PROTO2, bytes([0xAA, 0x04, 0x06, 0x0A, 0x01, 0xFF, 0x12, 0x01, 0x41]),
         "utf8_validation NONE: a map_string_string entry whose key is not UTF-8 is kept"),
        (ED_PROTO2, bytes([0xCA, 0x04, 0x05, 0x0A, 0x01, 0xFF, 0x10, 0x01]),
         "utf8_validation NONE: a map_string_nested_enum (closed) entry whose key is not UTF-8 is kept"),
        (ED_PROTO2, bytes([0x8A, 0x07, 0x02, 0xC3, 0x28]), "utf8_validation NONE: oneof_string that is not UTF-8 is kept"),
        (ED_PROTO3, bytes([0xAA, 0x04, 0x06, 0x0A, 0x01, 0xFF, 0x12, 0x01, 0x41]),
         "utf8_validation VERIFY: a map key that is not UTF-8 is an error"),
        (ED_PROTO3, bytes([0x72, 0x02, 0xFF, 0xFE]), "utf8_validation VERIFY: optional_string that is not UTF-8 is an error"),
        (EDITION2023, bytes([0x72, 0x02, 0xFF, 0xFE]), "utf8_validation VERIFY (2023's default) is an error"),
        (ED_PROTO2, bytes([0xF8, 0x01, 0x2A, 0xF8, 0x01, 0x2B]), "expanded (unpacked) repeated_int32 written expanded"),
        (ED_PROTO2, bytes([0xFA, 0x01, 0x02, 0x2A, 0x2B]), "expanded repeated_int32 arriving packed is read, written expanded"),
        (ED_PROTO2, bytes([0xD8, 0x04, 0x01, 0xD8, 0x04, 0x02]), "packed_int32 (75) arriving expanded is written packed"),
        (ED_PROTO3, bytes([0xF8, 0x01, 0x01, 0xF8, 0x01, 0x02]), "proto3 editions: repeated_int32 packed by default"),
    ]
    for type_name, data, what in cases:
        fig.edge_cases += 1
        python = classes[type_name]()
        try:
            python.ParseFromString(data)
            expected = python.SerializeToString(deterministic=True)
        except Exception as e:  # noqa: BLE001 (any parse failure is the expected answer)
            expected = None
            why = str(e)
        out = testee.request(type_name, "PROTOBUF", protobuf=data)
        title = f"edge case: {what} ({type_name.rsplit('.', 1)[-1]}, {data.hex()})"
        if expected is None:
            if out.kind != "parse_error":
                fig.fail(title, f"Python refuses it ({why}); the testee answered {out!r}")
        elif out.kind != "protobuf_payload" or out.value != expected:
            fig.fail(title, f"Python writes {expected.hex()}; the testee answered {out!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--testee", help="the testee executable (default: build it with scripts/conformance-testee)")
    parser.add_argument("--conformance", default=os.environ.get("CONFORMANCE_PROTOS", os.path.join(ROOT, "../shared/conformance")))
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: random, printed)")
    parser.add_argument("--count", type=int, default=1000, help="random messages per schema and check (default 1000)")
    parser.add_argument("--show", type=int, default=8, help="failures shown in full (default 8)")
    args = parser.parse_args()

    seed = args.seed if args.seed is not None else int(os.environ.get("ORACLE_SEED", random.SystemRandom().randrange(10**9)))
    started = time.monotonic()
    import google.protobuf
    log(f"editions-oracle: seed {seed} (rerun with --seed {seed}); protobuf {google.protobuf.__version__}")
    protoc = run_script("protoc-editions")
    mods = schemas.generate(os.path.abspath(args.conformance), editions_protoc=protoc)

    import round_trips
    import text_oracle
    from testee import PROTO2, PROTO3, Testee
    classes = {
        PROTO3: mods["test_messages_proto3_pb2"].TestAllTypesProto3,
        PROTO2: mods["test_messages_proto2_pb2"].TestAllTypesProto2,
        EDITION2023: mods["test_messages_edition2023_pb2"].TestAllTypesEdition2023,
        ED_PROTO2: mods["test_messages_proto2_editions_pb2"].TestAllTypesProto2,
        ED_PROTO3: mods["test_messages_proto3_editions_pb2"].TestAllTypesProto3,
    }
    extensions = {
        EDITION2023: list(mods["test_messages_edition2023_pb2"].DESCRIPTOR.extensions_by_name.values()),
        ED_PROTO2: list(mods["test_messages_proto2_editions_pb2"].DESCRIPTOR.extensions_by_name.values()),
        ED_PROTO3: [],
    }
    testee = Testee(args.testee or run_script("conformance-testee"), mods["conformance_pb2"])
    fig = Figures()
    tally = round_trips.Tally()
    text = text_oracle.Figures()
    try:
        for type_name in (EDITION2023, ED_PROTO2, ED_PROTO3):
            binary_both_ways(testee, classes, type_name, args.count, seed, fig, extensions[type_name])
            round_trips.run(testee, classes, {type_name: args.count}, seed, tally, log, extensions=extensions[type_name])
            text_oracle.random_both_ways(testee, classes, {type_name: args.count}, seed, text, extensions[type_name])
        equivalence(testee, classes, PROTO2, ED_PROTO2, args.count, seed, fig)
        equivalence(testee, classes, PROTO3, ED_PROTO3, args.count, seed, fig)
        edge_cases(testee, classes, fig)
    finally:
        testee.close()
    failed = fig.failed + tally.failed + text.failed
    for title, details in failed[:args.show]:
        log(f"\nFAIL {title}\n{details}")
    for title, _ in failed[args.show:args.show + 60]:
        log(f"  FAIL {title}")
    for title, reason in tally.skipped[:10]:
        log(f"  SKIPPED {title}: {reason}")
    if testee.crashes:
        log(f"the testee died {len(testee.crashes)} times")
    log(f"\neditions-oracle: seed {seed}, {time.monotonic() - started:.1f}s")
    log(f"RESULT editions-oracle messages={fig.binary} binary_identical={fig.binary_identical} json_passed={tally.passed} "
        f"text_messages={text.messages} text_identical={text.identical} equivalent={fig.equivalent} edge_cases={fig.edge_cases} "
        f"skipped={len(tally.skipped)} failures={len(failed)}")
    return 1 if failed or tally.skipped or testee.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
