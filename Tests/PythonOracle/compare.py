# compare.py: message equality that survives NaN and Any payload ordering, minimal diffs, JSON comparison.
"""Two messages are equal when their normalized deterministic serializations are equal bytes.

Bytes, not ==: NaN != NaN breaks ==, while its bits compare fine. Normalizing makes every NaN
the one quiet positive NaN (JSON's "NaN" carries no sign or payload) and re-packs every Any's
payload deterministically (after normalizing it in turn), because an Any holds bytes whose
field and map-entry order is the packer's choice, not part of the message's meaning."""
import difflib
import json
import math
import struct

from google.protobuf import descriptor as D
from google.protobuf import symbol_database, text_format


def _is_repeated(field):
    rep = getattr(field, "is_repeated", None)
    if rep is not None:
        return rep if isinstance(rep, bool) else rep()
    return field.label == D.FieldDescriptor.LABEL_REPEATED


def _message_class(full_name):
    try:
        return symbol_database.Default().GetSymbol(full_name)
    except KeyError:
        return None


def normalize(message):
    """A copy of `message` whose Any payloads are canonical bytes."""
    copy = type(message)()
    copy.CopyFrom(message)
    _normalize_in_place(copy)
    return copy


def _normalize_in_place(m):
    if m.DESCRIPTOR.full_name == "google.protobuf.Any":
        if not m.type_url:
            return
        cls = _message_class(m.type_url.split("/")[-1])
        if cls is None:
            return
        inner = cls()
        try:
            inner.ParseFromString(m.value)
        except Exception:
            return
        _normalize_in_place(inner)
        m.value = inner.SerializeToString(deterministic=True)
        return
    for field, value in m.ListFields():
        if field.cpp_type in (D.FieldDescriptor.CPPTYPE_FLOAT, D.FieldDescriptor.CPPTYPE_DOUBLE):
            _normalize_nans(m, field, value)
            continue
        if field.message_type is None:
            continue
        if field.message_type.GetOptions().map_entry:
            value_field = field.message_type.fields_by_name["value"]
            if value_field.message_type is not None:
                for key in value:
                    _normalize_in_place(value[key])
            elif value_field.cpp_type in (D.FieldDescriptor.CPPTYPE_FLOAT, D.FieldDescriptor.CPPTYPE_DOUBLE):
                for key in list(value):
                    if math.isnan(value[key]):
                        value[key] = math.nan
        elif _is_repeated(field):
            for item in value:
                _normalize_in_place(item)
        else:
            _normalize_in_place(value)


def _normalize_nans(m, field, value):
    # JSON has one NaN, so a NaN's payload bits cannot survive it: every NaN compares as the
    # canonical one (random_fill gives extensions NaNs too, seed 755440011 found one).
    if _is_repeated(field):
        for i, v in enumerate(value):
            if math.isnan(v):
                value[i] = math.nan
    elif math.isnan(value):
        if field.is_extension:
            m.Extensions[field] = math.nan
        else:
            setattr(m, field.name, math.nan)


def canonical_bytes(message):
    return normalize(message).SerializeToString(deterministic=True)


def equal(a, b):
    return canonical_bytes(a) == canonical_bytes(b)


def text(message):
    return text_format.MessageToString(normalize(message), print_unknown_fields=True)


def diff(expected, actual, limit=40):
    """A unified diff of the text formats, cut to `limit` lines."""
    lines = list(difflib.unified_diff(text(expected).splitlines(), text(actual).splitlines(),
                                      "expected", "actual", lineterm="", n=1))
    if not lines:
        return "(text formats are identical; the serialized bytes differ, e.g. in NaN bits or -0.0)"
    more = f"\n... {len(lines) - limit} more diff lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


def cut(s, n=600):
    return s if len(s) <= n else s[:n] + f"... ({len(s)} chars)"


# -- JSON values ---------------------------------------------------------------------------------
def load_json(s):
    """json.loads that keeps float spellings comparable and rejects duplicate keys."""
    def pairs(items):
        out = {}
        for k, v in items:
            if k in out:
                raise ValueError(f"duplicate key {k!r}")
            out[k] = v
        return out
    return json.loads(s, object_pairs_hook=pairs)


def _float32_equal(a, b):
    try:
        return struct.pack("<f", a) == struct.pack("<f", b)
    except (OverflowError, struct.error):
        return False


def json_differences(expected, actual, path="$"):
    """Paths where two JSON values differ. Objects compare without order; numbers compare as
    doubles or, failing that, as the same float32 (both spellings then parse to one float)."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return [] if expected is actual else [f"{path}: expected {expected!r}, got {actual!r}"]
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        if expected == actual or _float32_equal(float(expected), float(actual)) or (
                isinstance(expected, float) and isinstance(actual, float) and math.isnan(expected) and math.isnan(actual)):
            return []
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    if type(expected) is not type(actual):
        return [f"{path}: expected {cut(json.dumps(expected), 120)}, got {cut(json.dumps(actual), 120)}"]
    if isinstance(expected, dict):
        out = []
        for k in expected.keys() - actual.keys():
            out.append(f"{path}.{k}: missing (expected {cut(json.dumps(expected[k]), 80)})")
        for k in actual.keys() - expected.keys():
            out.append(f"{path}.{k}: unexpected (got {cut(json.dumps(actual[k]), 80)})")
        for k in expected.keys() & actual.keys():
            out += json_differences(expected[k], actual[k], f"{path}.{k}")
        return out
    if isinstance(expected, list):
        if len(expected) != len(actual):
            return [f"{path}: expected {len(expected)} elements, got {len(actual)}"]
        out = []
        for i, (e, a) in enumerate(zip(expected, actual)):
            out += json_differences(e, a, f"{path}[{i}]")
        return out
    return [] if expected == actual else [f"{path}: expected {cut(json.dumps(expected), 120)}, got {cut(json.dumps(actual), 120)}"]
