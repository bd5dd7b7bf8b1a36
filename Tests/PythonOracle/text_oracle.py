# text_oracle.py: cross-checks the testee's text format against Google's Python protobuf (text_format).
"""Usage: python text_oracle.py [--testee PATH] [--seed N] [--proto3 N] [--proto2 N] [--only random|table]

Generates _pb2.py modules for ../shared/conformance with protoc into a temporary folder, starts
the conformance testee (built by scripts/conformance-testee unless --testee is given) and runs:
  * seeded random TestAllTypesProto3/Proto2 messages both ways:
      text in:  Python's MessageToString(m) -> testee (PROTOBUF out) == m
      text out: m's binary -> testee (TEXT_FORMAT out) -> Python's text_format.Parse == m, and the
                testee's text compared line by line with Python's: identical, or differing only
                in the forms the two printers are defined to choose differently (a float's
                spelling, `100` against `100.0`; a string's escapes, UTF-8 kept against octal),
                each such line checked to mean the same value; anything else is a mismatch;
  * the conformance suite's text format cases and our edge cases (text_cases.py), each valid
    one to PROTOBUF and to TEXT_FORMAT (compared through Python's parse of the input, or of
    the expected text), each invalid one expected to be a parse_error;
  * the unknown-field cases (UnknownToTestAllTypes sent as TestAllTypesProto3): dropped without
    print_unknown_fields, printed exactly as Python prints them with it.
Prints failures, then `RESULT text-oracle ...` figures; exits 1 on any failure."""
import argparse
import math
import os
import random
import re
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import schemas  # noqa: E402


def log(message):
    print(message, flush=True)


def build_testee():
    log("building the testee with scripts/conformance-testee ...")
    run = subprocess.run(["bash", os.path.join(ROOT, "scripts/conformance-testee")], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"text-oracle: scripts/conformance-testee failed ({run.returncode}):\n{run.stderr[-4000:]}")
    return run.stdout.strip().splitlines()[-1]


class Figures:
    def __init__(self):
        self.messages = 0        # random messages sent both ways
        self.identical = 0       # texts equal to Python's byte for byte
        self.lines = 0           # lines of our text compared with Python's
        self.form_lines = 0      # lines differing only in a defined form (float spelling, escapes)
        self.mismatches = 0      # text lines that differ in meaning, or failed round trips
        self.cases = 0
        self.cases_passed = 0
        self.python_deviations = []
        self.failed = []

    def fail(self, title, details):
        self.failed.append((title, details))


_LINE = re.compile(r"^(\s*)([\w\[\]./]+): (.*)$")


def same_value(a, b):
    """Whether two printed scalar values mean the same: floats by value, strings by bytes."""
    from google.protobuf import text_encoding
    if a.startswith('"') and b.startswith('"'):
        try:
            return text_encoding.CUnescape(a[1:-1]) == text_encoding.CUnescape(b[1:-1])
        except Exception:
            return False
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if x == y or (math.isnan(x) and math.isnan(y)):
        return True
    # A float field's shortest float32 spelling (1e-45) against Python's (1.4013e-45).
    return struct.pack("<f", x) == struct.pack("<f", y)


# A map entry's key or value at its default: zero, false, empty, or the zero name of the
# conformance enums (FOO, FOREIGN_FOO, ALIAS_FOO).
_MAP_DEFAULT = re.compile(r'^\s*(key|value): (0|0\.0|false|""|FOO|FOREIGN_FOO|ALIAS_FOO)$')


def compare_text(ours, python, fig, title):
    """Line by line. Besides value spellings, one layout differs by definition: inside a map
    entry we print a default key or value (`key: 0`) as C++ does, Python's printer leaves it
    out; such extra lines count as form differences."""
    la, lb = ours.split("\n"), python.split("\n")
    fig.lines += len(la) - 1
    if ours == python:
        fig.identical += 1
        return
    # Map-entry default lines are dropped from both sides (they are where the layouts differ).
    dropped = [x for x in la if _MAP_DEFAULT.match(x)]
    la = [x for x in la if not _MAP_DEFAULT.match(x)]
    lb = [x for x in lb if not _MAP_DEFAULT.match(x)]
    fig.form_lines += len(dropped)
    if len(la) != len(lb):
        fig.mismatches += 1
        import difflib
        d = "\n".join(list(difflib.unified_diff(lb, la, "python", "ours", lineterm="", n=2))[:30])
        fig.fail(title + " text", f"line counts differ ({len(la)} against Python's {len(lb)})\n{d}")
        return
    for x, y in zip(la, lb):
        if x == y:
            continue
        mx, my = _LINE.match(x), _LINE.match(y)
        if mx and my and mx.group(1) == my.group(1) and mx.group(2) == my.group(2) and same_value(mx.group(3), my.group(3)):
            fig.form_lines += 1
            continue
        fig.mismatches += 1
        fig.fail(title + " text", f"ours:   {x!r}\npython: {y!r}")
        return


def random_both_ways(testee, classes, counts, seed, fig, extensions):
    import compare
    from google.protobuf import text_format
    from random_fill import Filler
    any_types = {"protobuf_test_messages.proto3.TestAllTypesProto3": classes["protobuf_test_messages.proto3.TestAllTypesProto3"]}
    for type_name, count in counts.items():
        cls = classes[type_name]
        rng = random.Random(f"{seed}/text/{type_name}")
        filler = Filler(rng, any_types, extensions=extensions)
        short = type_name.rsplit(".", 1)[-1]
        for i in range(count):
            m = filler.fill(cls())
            title = f"seed {seed} {short} #{i}"
            fig.messages += 1
            sent = text_format.MessageToString(m, as_one_line=rng.random() < 0.3)
            out = testee.request(type_name, "PROTOBUF", text=sent)
            got = cls()
            if out.kind != "protobuf_payload":
                fig.mismatches += 1
                fig.fail(title + " text->binary", f"{out!r}\ntext sent:\n{compare.cut(sent, 1500)}")
            else:
                got.ParseFromString(out.value)
                if not compare.equal(m, got):
                    fig.mismatches += 1
                    fig.fail(title + " text->binary", compare.diff(m, got))
            out = testee.request(type_name, "TEXT_FORMAT", protobuf=m.SerializeToString())
            if out.kind != "text_payload":
                fig.mismatches += 1
                fig.fail(title + " binary->text", repr(out))
                continue
            back = cls()
            try:
                text_format.Parse(out.value, back)
            except Exception as e:
                fig.mismatches += 1
                fig.fail(title + " binary->text", f"Python cannot parse our text: {e}\n{compare.cut(out.value, 1500)}")
                continue
            if not compare.equal(m, back):
                fig.mismatches += 1
                fig.fail(title + " binary->text", compare.diff(m, back))
                continue
            compare_text(out.value, text_format.MessageToString(m), fig, title)
        log(f"random: {count} {short} messages both ways")


def table(testee, classes, fig):
    import compare
    from google.protobuf import text_format
    import text_cases
    for name, which, text, expect in text_cases.CASES:
        type_name = f"protobuf_test_messages.{which}.TestAllTypes{which.capitalize()}"
        cls = classes[type_name]
        title = f"{which}.{name}"
        fig.cases += 1
        if expect == text_cases.FAIL:
            out = testee.request(type_name, "TEXT_FORMAT", text=text)
            python_ok = True
            try:
                text_format.Parse(text, cls())
                python_ok = False
            except Exception:
                pass
            if not python_ok:
                fig.python_deviations.append(f"{title} (Python accepts it)")
            if out.kind == "parse_error":
                fig.cases_passed += 1
            else:
                fig.fail(title, f"expected parse_error, got {out!r}")
            continue
        reference = text if expect == text_cases.VALID else expect[1]
        expected = cls()
        try:
            text_format.Parse(reference, expected)
        except Exception as e:
            fig.python_deviations.append(f"{title} (Python rejects it: {str(e)[:80]})")
            expected = None
        ok = True
        out = testee.request(type_name, "PROTOBUF", text=text)
        if out.kind != "protobuf_payload":
            fig.fail(title + " ->binary", repr(out))
            continue
        got = cls()
        got.ParseFromString(out.value)
        if expected is not None and not compare.equal(expected, got):
            ok = False
            fig.fail(title + " ->binary", compare.diff(expected, got))
        out = testee.request(type_name, "TEXT_FORMAT", text=text)
        if out.kind != "text_payload":
            fig.fail(title + " ->text", repr(out))
            continue
        back = cls()
        try:
            text_format.Parse(out.value, back)
        except Exception as e:
            fig.fail(title + " ->text", f"Python cannot parse our text: {e}\n{out.value}")
            continue
        if not compare.equal(got, back):
            ok = False
            fig.fail(title + " ->text", compare.diff(got, back))
        if ok:
            fig.cases_passed += 1
    log(f"table: {fig.cases} cases")


def unknown_fields(testee, mods, fig):
    from google.protobuf import text_format
    p2 = mods["test_messages_proto2_pb2"]
    p3 = mods["test_messages_proto3_pb2"].TestAllTypesProto3
    m = p2.UnknownToTestAllTypes()
    steps = []
    m.optional_int32 = 123
    m.optional_string = "hello"
    m.optional_bool = True
    steps.append(("ScalarUnknownFields", m.SerializeToString()))
    m.Clear()
    m.nested_message.c = 111
    steps.append(("MessageUnknownFields", m.SerializeToString()))
    m.Clear()
    m.optionalgroup.a = 321
    steps.append(("GroupUnknownFields", m.SerializeToString()))
    m.repeated_int32.extend([1, 2, 3])
    steps.append(("RepeatedUnknownFields", m.SerializeToString()))
    m.Clear()
    m.optional_string = "h\xe9\n"
    m.nested_message.c = -1
    # (fixed32/fixed64 unknowns are left out: C++ prints them in hexadecimal, 0x0000002a, as we
    # do; Python in decimal. The unit tests check the hexadecimal form.)
    steps.append(("Edge.UnknownStringsAndNegatives", m.SerializeToString()))
    for name, payload in steps:
        for printed in (False, True):
            fig.cases += 1
            title = f"proto3.{name}_{'Print' if printed else 'Drop'}"
            out = testee.request("protobuf_test_messages.proto3.TestAllTypesProto3", "TEXT_FORMAT",
                                 protobuf=payload, print_unknown=printed)
            parsed = p3()
            parsed.ParseFromString(payload)
            want = text_format.MessageToString(parsed, print_unknown_fields=printed)
            if out.kind == "text_payload" and out.value == want:
                fig.cases_passed += 1
            else:
                fig.fail(title, f"ours:   {out!r}\npython: {want!r}")
    log(f"unknown fields: {len(steps) * 2} cases")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--testee")
    parser.add_argument("--conformance", default=os.environ.get("CONFORMANCE_PROTOS", os.path.join(ROOT, "../shared/conformance")))
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--proto3", type=int, default=300)
    parser.add_argument("--proto2", type=int, default=100)
    parser.add_argument("--only", choices=["random", "table"])
    parser.add_argument("--show", type=int, default=8)
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else int(os.environ.get("ORACLE_SEED", random.SystemRandom().randrange(10**9)))
    started = time.monotonic()
    import google.protobuf
    log(f"text-oracle: seed {seed} (rerun with --seed {seed}); protobuf {google.protobuf.__version__}")
    mods = schemas.generate(os.path.abspath(args.conformance))
    from testee import PROTO2, PROTO3, Testee
    classes = {PROTO3: mods["test_messages_proto3_pb2"].TestAllTypesProto3, PROTO2: mods["test_messages_proto2_pb2"].TestAllTypesProto2}
    extensions = list(mods["test_messages_proto2_pb2"].DESCRIPTOR.extensions_by_name.values())
    testee = Testee(args.testee or build_testee(), mods["conformance_pb2"])
    fig = Figures()
    try:
        if args.only != "table":
            random_both_ways(testee, classes, {PROTO3: args.proto3, PROTO2: args.proto2}, seed, fig, extensions)
        if args.only != "random":
            table(testee, classes, fig)
            unknown_fields(testee, mods, fig)
    finally:
        testee.close()
    for title, details in fig.failed[:args.show]:
        log(f"\nFAIL {title}\n{details}")
    for title, _ in fig.failed[args.show:args.show + 60]:
        log(f"  FAIL {title}")
    if fig.python_deviations:
        log(f"Python deviates from the suite on {len(fig.python_deviations)} cases: " + "; ".join(fig.python_deviations))
    if testee.crashes:
        log(f"the testee died {len(testee.crashes)} times")
    log(f"\ntext-oracle: seed {seed}, {time.monotonic() - started:.1f}s")
    log(f"RESULT text-oracle messages={fig.messages} identical_texts={fig.identical} lines={fig.lines} form_difference_lines={fig.form_lines} "
        f"mismatches={fig.mismatches} cases={fig.cases} cases_passed={fig.cases_passed} failures={len(fig.failed)}")
    return 1 if fig.failed or testee.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
