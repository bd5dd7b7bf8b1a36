# round_trips.py: random messages cross the testee in both directions and must come back equal.
"""For each seeded random message m:
  (a) JSON in:  Python's MessageToJson(m) -> testee (PROTOBUF out) -> Python parses the binary == m
  (b) JSON out: Python's binary of m -> testee (JSON out) -> Python's json_format.Parse == m,
      and the testee's JSON equals Python's canonical JSON (objects unordered, numbers by value),
      and asking twice gives the same text (deterministic output)."""
import random

from google.protobuf import json_format

import compare
from random_fill import Filler


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = []   # (title, details)
        self.skipped = []  # (title, reason)

    def fail(self, title, details):
        self.failed.append((title, details))


def run(testee, classes, counts, seed, tally, log, extensions=()):
    """classes: {type_name: message class}; counts: {type_name: how many messages}."""
    any_types = {"protobuf_test_messages.proto3.TestAllTypesProto3": next(
        c for n, c in classes.items() if n.endswith("TestAllTypesProto3"))}
    for type_name, count in counts.items():
        cls = classes[type_name]
        rng = random.Random(f"{seed}/{type_name}")
        filler = Filler(rng, any_types, extensions=extensions)
        short = type_name.rsplit(".", 1)[-1]
        for i in range(count):
            m = filler.fill(cls())
            title = f"seed {seed} {short} #{i}"
            proto_names = rng.random() < 0.25  # the original field names must be accepted too
            sent = json_format.MessageToJson(m, preserving_proto_field_name=proto_names, indent=None if rng.random() < 0.5 else 2)
            _json_in(testee, type_name, cls, m, sent, title + (" (proto names)" if proto_names else ""), tally)
            _json_out(testee, type_name, cls, m, title, tally, twice=i % 10 == 0)
        log(f"round trips: {count} random {short} messages, both directions")


def _json_in(testee, type_name, cls, m, sent, title, tally):
    out = testee.request(type_name, "PROTOBUF", json=sent)
    where = f"{title} JSON->binary"
    if out.kind == "skipped":
        tally.skipped.append((where, out.value))
        return
    if out.kind != "protobuf_payload":
        tally.fail(where, f"expected protobuf_payload, got {out!r}\nJSON sent: {compare.cut(sent, 1500)}")
        return
    got = cls()
    try:
        got.ParseFromString(out.value)
    except Exception as e:
        tally.fail(where, f"Python cannot parse the testee's binary: {e}\nbinary: {out.value.hex()[:400]}")
        return
    if not compare.equal(m, got):
        tally.fail(where, f"the testee's binary is not the message the JSON described\n{compare.diff(m, got)}\n"
                          f"JSON sent: {compare.cut(sent, 1500)}")
        return
    tally.passed += 1


def _json_out(testee, type_name, cls, m, title, tally, twice):
    binary = m.SerializeToString()
    out = testee.request(type_name, "JSON", protobuf=binary)
    where = f"{title} binary->JSON"
    if out.kind == "skipped":
        tally.skipped.append((where, out.value))
        return
    if out.kind != "json_payload":
        tally.fail(where, f"expected json_payload, got {out!r}\nmessage:\n{compare.cut(compare.text(m), 1500)}")
        return
    got = cls()
    try:
        json_format.Parse(out.value, got)
    except Exception as e:
        tally.fail(where, f"Python's json_format rejects the testee's JSON: {e}\nJSON: {compare.cut(out.value, 1500)}")
        return
    if not compare.equal(m, got):
        tally.fail(where, f"Python reads a different message from the testee's JSON\n{compare.diff(m, got)}\n"
                          f"JSON: {compare.cut(out.value, 1500)}")
        return
    canonical = json_format.MessageToJson(m)
    differences = compare.json_differences(compare.load_json(canonical), compare.load_json(out.value))
    if differences:
        tally.fail(where, "the testee's JSON is not the canonical JSON Python writes:\n  " + "\n  ".join(differences[:10])
                   + f"\nJSON: {compare.cut(out.value, 1500)}")
        return
    if twice:
        again = testee.request(type_name, "JSON", protobuf=binary)
        if again.kind != "json_payload" or again.value != out.value:
            tally.fail(where, f"the same binary gave different JSON the second time:\n{compare.cut(out.value)}\n{again!r}")
            return
    tally.passed += 1
