# edge_table.py: runs every edge case of edge_cases.py through Google's Python json_format and the testee.
"""A case's outcome is one of: parse_error, serialize_error, a message (binary output), or a JSON
value (JSON output). Python must give the case's expected outcome unless the case documents a
`python` deviation, which must then still be what Python does. The testee must give the
expected outcome unless the case is `pending` (reported, not failed); a pending case that
passes is a failure until its mark is removed, so the table never hides fixed behaviour."""
import binascii
import json

from google.protobuf import json_format, text_format

import compare


class Result:
    def __init__(self, kind, message=None, json_text=None, error=""):
        self.kind = kind            # "message", "json", "parse_error", "serialize_error", "skipped", "other"
        self.message = message
        self.json_text = json_text
        self.error = error

    def __repr__(self):
        if self.kind == "message":
            return "message {" + compare.text(self.message).replace("\n", " ").strip() + "}"
        if self.kind == "json":
            return "json " + compare.cut(self.json_text, 300)
        return f"{self.kind}({compare.cut(self.error, 200)})"


def _expected_outcomes(case, cls):
    return [_outcome(o, cls) for o in [case["expect"]] + list(case.get("expect_also", []))]


def _outcome(spec, cls):
    if spec in ("parse_error", "serialize_error"):
        return ("error", spec)
    if isinstance(spec, dict) and "text" in spec:
        return ("message", text_format.Parse(spec["text"], cls()))
    if isinstance(spec, dict) and "json" in spec:
        return ("json", spec["json"])
    raise ValueError(f"bad outcome spec {spec!r}")


def _matches(result, outcome, ordered=False):
    kind, value = outcome
    if kind == "error":
        return result.kind == value
    if kind == "message":
        return result.kind == "message" and compare.equal(value, result.message)
    if result.kind != "json":
        return False
    try:
        got = compare.load_json(result.json_text)
    except ValueError:
        return False
    if compare.json_differences(value, got):
        return False
    return not ordered or _key_order(value) == _key_order(got)


def _key_order(v):
    if isinstance(v, dict):
        return [(k, _key_order(x)) for k, x in v.items()]
    if isinstance(v, list):
        return [_key_order(x) for x in v]
    return None


def _input(case, cls):
    if "json" in case:
        return "json", case["json"]
    if "binary" in case:
        return "binary", text_format.Parse(case["binary"], cls()).SerializeToString()
    return "binary", binascii.unhexlify(case["binary_hex"].replace(" ", ""))


# -- Python, the reference ---------------------------------------------------------------------------
def python_result(case, cls, output):
    kind, data = _input(case, cls)
    m = cls()
    if kind == "json":
        try:
            json_format.Parse(data, m, ignore_unknown_fields=case.get("ignore_unknown", False))
        except Exception as e:  # ParseError mostly; any exception is Python refusing the input
            return Result("parse_error", error=f"{type(e).__name__}: {e}")
    else:
        m.ParseFromString(data)
    if output == "PROTOBUF":
        return Result("message", message=m)
    try:
        return Result("json", json_text=json_format.MessageToJson(m))
    except Exception as e:
        return Result("serialize_error", error=f"{type(e).__name__}: {e}")


# -- the testee ----------------------------------------------------------------------------------------
def testee_result(case, cls, type_name, testee, output):
    kind, data = _input(case, cls)
    category = "JSON_IGNORE_UNKNOWN_PARSING_TEST" if case.get("ignore_unknown") else None
    if kind == "json":
        out = testee.request(type_name, output, json=data, category=category)
    else:
        out = testee.request(type_name, output, protobuf=data, category=category)
    if out.kind == "protobuf_payload":
        m = cls()
        try:
            m.ParseFromString(out.value)
        except Exception as e:
            return Result("other", error=f"binary Python cannot parse ({e}): {out.value.hex()}")
        return Result("message", message=m)
    if out.kind == "json_payload":
        return Result("json", json_text=out.value)
    if out.kind in ("parse_error", "serialize_error", "skipped"):
        return Result(out.kind, error=out.value)
    return Result("other", error=repr(out))


def _checks(case):
    """(output format, expectation key) pairs a case asks for."""
    checks = []
    if "expect" in case:
        binary_in = "json" not in case
        is_json = isinstance(case["expect"], dict) and "json" in case["expect"]
        checks.append(("JSON" if binary_in or is_json else "PROTOBUF", "expect"))
    if "json_out" in case:
        checks.append(("JSON", "json_out"))
    return checks


def run(cases, classes, testee, tally, log):
    deviations, pending = [], []
    names = set()
    for case in cases:
        name = case["name"]
        assert name not in names, f"duplicate case name {name}"
        names.add(name)
        type_name = classes["proto2" if case.get("type") == "proto2" else "proto3"][0]
        cls = classes["proto2" if case.get("type") == "proto2" else "proto3"][1]
        for output, key in _checks(case):
            label = f"edge case '{name}'" + (" (JSON out)" if key == "json_out" else "")
            expected = [("json", case["json_out"])] if key == "json_out" else _expected_outcomes(case, cls)
            ordered = case.get("ordered", False)
            # Google's Python first: the table must agree with it, or say where and why it does not.
            py = python_result(case, cls, output)
            py_ok = any(_matches(py, o, ordered) for o in expected)
            deviation = case.get("python")
            if deviation and key == "expect":
                if py_ok or not _matches(py, _outcome(deviation["outcome"], cls), ordered):
                    tally.fail(label + " [table vs Google]", f"the case documents a Python deviation ({deviation['note']}) "
                               f"giving {deviation['outcome']!r}, but Python now gives {py!r}")
                else:
                    deviations.append((name, deviation["note"], repr(py)))
            elif not py_ok:
                tally.fail(label + " [table vs Google]", f"expected {_describe(case, key)}, Google's Python gives {py!r}")
            # Then the testee, against the table.
            got = testee_result(case, cls, type_name, testee, output)
            ok = any(_matches(got, o, ordered) for o in expected)
            if case.get("pending"):
                if ok:
                    tally.fail(label, f"passes now, but is marked pending ({case['pending']}): remove the mark")
                else:
                    pending.append((label, case["pending"], repr(got)))
            elif ok:
                tally.passed += 1
            elif got.kind == "skipped":
                tally.skipped.append((label, got.error))
            else:
                tally.fail(label, f"rule: {case.get('rule', '')}\ninput: {_show_input(case)}\n"
                                  f"expected {_describe(case, key)}\ngot {got!r}")
    log(f"edge cases: {len(cases)} cases")
    return deviations, pending


def _describe(case, key):
    if key == "json_out":
        return f"JSON {json.dumps(case['json_out'])}"
    specs = [case["expect"]] + list(case.get("expect_also", []))
    return " or ".join(s if isinstance(s, str) else (f"message {{{s['text']}}}" if "text" in s else f"JSON {json.dumps(s['json'])}")
                       for s in specs)


def _show_input(case):
    if "json" in case:
        return "JSON " + compare.cut(case["json"], 400) + (" (ignoring unknown fields)" if case.get("ignore_unknown") else "")
    if "binary" in case:
        return "binary of {" + case["binary"] + "}"
    return "binary " + case["binary_hex"]
