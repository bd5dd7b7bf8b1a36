# random_fill.py: seeded, descriptor-driven random messages reaching every field kind and well-known type.
"""Fills any message from its descriptor: scalars with their extremes, strings and bytes of every
shape, open and closed enums, repeated fields, maps of every key type, oneofs, recursion to a
bounded depth, proto2 extensions, and the well-known types with values that have a JSON form
(Timestamp and Duration within their ranges, round-trippable FieldMask paths, Struct/Value/
ListValue, wrappers, and Any holding a registered type)."""
import math
import random
import struct

from google.protobuf import descriptor as D
from google.protobuf import any_pb2, duration_pb2, field_mask_pb2, struct_pb2, timestamp_pb2, wrappers_pb2

INT32 = [0, 1, -1, 2**31 - 1, -2**31, 127, 128, -129, 300]
INT64 = [0, 1, -1, 2**63 - 1, -2**63, 2**53, 2**53 + 1, -(2**53) - 1, 2**32]
UINT32 = [0, 1, 2**32 - 1, 2**31, 127, 128]
UINT64 = [0, 1, 2**64 - 1, 2**63, 2**53 + 1, 2**32]
DOUBLES = [0.0, -0.0, 1.0, -1.5, 0.1, 1e-300, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
           -1.7976931348623157e308, 1e21, 1e-7, 123456789.125, math.inf, -math.inf, math.nan]
# +-FLT_MAX itself is left out: Google's Python rejects its own output for it (see edge_cases.json,
# "float FLT_MAX"), so the largest finite float used is the one just below it.
FLT_MAX = 3.4028234663852886e38
FLT_BELOW_MAX = 3.4028232635611926e38
FLOATS = [0.0, -0.0, 1.0, -1.5, 0.1, 1e-45, 1.17549435e-38, FLT_BELOW_MAX, -FLT_BELOW_MAX,
          16777217.0, 1e-7, math.inf, -math.inf, math.nan]
STRINGS = ["", "a", "hello world", "é", "中文字符", "😀", "a😀b\U0010ffff", "\u0000", "\n\t\r\b\f", "\u001f\u007f\u0080",
           "\"quoted\" \\back\\slash/", "</script>", "\u2028\u2029", "\ufeff", "x" * 300]
WORDS = ["foo", "bar", "baz", "qux", "a", "bc", "field", "path", "x"]
# The well-known types' payloads that an Any can hold (all have a registry entry on both sides).
ANY_WKT = ["google.protobuf.Timestamp", "google.protobuf.Duration", "google.protobuf.FieldMask",
           "google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue",
           "google.protobuf.Int32Value", "google.protobuf.StringValue", "google.protobuf.BytesValue",
           "google.protobuf.DoubleValue", "google.protobuf.Any", "google.protobuf.Empty"]


def _float32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


class Filler:
    """fill(message) sets a random subset of the fields of `message`."""

    def __init__(self, rng, any_types, max_depth=3, fill_rate=0.35, extensions=()):
        self.rng = rng
        self.any_types = any_types      # message classes an Any may hold (besides the WKTs)
        self.max_depth = max_depth
        self.fill_rate = fill_rate
        self.extensions = list(extensions)  # extension field descriptors to set on their extendees

    # -- scalars -------------------------------------------------------------------------------
    def _pick(self, extremes, lo, hi):
        return self.rng.choice(extremes) if self.rng.random() < 0.5 else self.rng.randint(lo, hi)

    def _double(self):
        r = self.rng.random()
        if r < 0.45:
            return self.rng.choice(DOUBLES)
        if r < 0.7:
            return self.rng.uniform(-1e6, 1e6)
        if r < 0.85:
            return float(self.rng.randint(-2**53, 2**53))
        return struct.unpack("<d", struct.pack("<Q", self.rng.getrandbits(64)))[0] if self.rng.random() < 0.9 else 0.5

    def _finite_double(self):
        while True:
            d = self._double()
            if math.isfinite(d):
                return d

    def _float(self):
        r = self.rng.random()
        if r < 0.5:
            return _float32(self.rng.choice(FLOATS))
        if r < 0.8:
            return _float32(self.rng.uniform(-1e4, 1e4))
        value = struct.unpack("<f", struct.pack("<I", self.rng.getrandbits(32)))[0]
        return math.copysign(FLT_BELOW_MAX, value) if abs(value) == FLT_MAX else value

    def _string(self):
        r = self.rng.random()
        if r < 0.5:
            return self.rng.choice(STRINGS)
        pool = "abcXYZ019 _-\"\\/é中😀\u0001\u007f\u00a0\u2028"
        n = self.rng.choice([1, 5, 20, 2000]) if r < 0.98 else 20000
        return "".join(self.rng.choice(pool) for _ in range(n)) if n <= 2000 else "long-" * (n // 5)

    def _bytes(self):
        r = self.rng.random()
        if r < 0.2:
            return b""
        n = self.rng.choice([1, 2, 3, 4, 5, 16, 257])
        return bytes(self.rng.getrandbits(8) for _ in range(n))

    def scalar(self, field):
        t = field.type
        if t in (D.FieldDescriptor.TYPE_INT32, D.FieldDescriptor.TYPE_SINT32, D.FieldDescriptor.TYPE_SFIXED32):
            return self._pick(INT32, -2**31, 2**31 - 1)
        if t in (D.FieldDescriptor.TYPE_INT64, D.FieldDescriptor.TYPE_SINT64, D.FieldDescriptor.TYPE_SFIXED64):
            return self._pick(INT64, -2**63, 2**63 - 1)
        if t in (D.FieldDescriptor.TYPE_UINT32, D.FieldDescriptor.TYPE_FIXED32):
            return self._pick(UINT32, 0, 2**32 - 1)
        if t in (D.FieldDescriptor.TYPE_UINT64, D.FieldDescriptor.TYPE_FIXED64):
            return self._pick(UINT64, 0, 2**64 - 1)
        if t == D.FieldDescriptor.TYPE_DOUBLE:
            return self._double()
        if t == D.FieldDescriptor.TYPE_FLOAT:
            return self._float()
        if t == D.FieldDescriptor.TYPE_BOOL:
            return self.rng.random() < 0.5
        if t == D.FieldDescriptor.TYPE_STRING:
            return self._string()
        if t == D.FieldDescriptor.TYPE_BYTES:
            return self._bytes()
        if t == D.FieldDescriptor.TYPE_ENUM:
            return self.enum(field)
        raise ValueError(f"no scalar for {field.full_name}")

    def enum(self, field):
        values = [v.number for v in field.enum_type.values]
        # Open enums (proto3) also carry numbers without a name; JSON writes them as numbers.
        if not field.enum_type.is_closed and self.rng.random() < 0.15:
            return self.rng.choice([7, 12345, -42, 2**31 - 1, -2**31])
        return self.rng.choice(values)

    # -- well-known types ----------------------------------------------------------------------
    def _nanos(self):
        kind = self.rng.randint(0, 3)
        if kind == 0:
            return 0
        if kind == 1:
            return self.rng.randint(0, 999) * 1_000_000
        if kind == 2:
            return self.rng.randint(0, 999_999) * 1_000
        return self.rng.randint(0, 999_999_999)

    def _timestamp(self, m):
        m.seconds = self.rng.choice([0, -1, 1, -62135596800, 253402300799, 1700000000, self.rng.randint(-62135596800, 253402300799)])
        m.nanos = self._nanos()

    def _duration(self, m):
        seconds = self.rng.choice([0, 1, -1, 315576000000, -315576000000, self.rng.randint(-315576000000, 315576000000)])
        nanos = self._nanos()
        if seconds == 0 and self.rng.random() < 0.5:
            nanos = -nanos
        elif seconds < 0:
            nanos = -nanos
        m.seconds, m.nanos = seconds, nanos

    def _path(self):
        segments = []
        for _ in range(self.rng.randint(1, 3)):
            segments.append("_".join(self.rng.choice(WORDS) for _ in range(self.rng.randint(1, 3))))
        return ".".join(segments)

    def _value(self, v, depth):
        kinds = ["null", "number", "string", "bool"] + (["struct", "list"] if depth < self.max_depth else [])
        kind = self.rng.choice(kinds)
        if kind == "null":
            v.null_value = struct_pb2.NULL_VALUE
        elif kind == "number":
            v.number_value = self._finite_double()
        elif kind == "string":
            v.string_value = self._string()
        elif kind == "bool":
            v.bool_value = self.rng.random() < 0.5
        elif kind == "struct":
            self._struct(v.struct_value, depth + 1)
        else:
            self._list(v.list_value, depth + 1)

    def _struct(self, s, depth):
        s.SetInParent()
        for _ in range(self.rng.randint(0, 3)):
            self._value(s.fields[self._string()[:12]], depth)

    def _list(self, lv, depth):
        lv.SetInParent()
        for _ in range(self.rng.randint(0, 3)):
            self._value(lv.values.add(), depth)

    def _any(self, a, depth):
        choices = list(self.any_types) + ANY_WKT
        name = self.rng.choice(choices)
        cls = self.any_types.get(name) or _WKT_CLASSES[name]
        inner = cls()
        if depth < self.max_depth or inner.DESCRIPTOR.full_name.startswith("google.protobuf."):
            self.fill(inner, depth + 1)  # a Value is always given a kind: an empty one has no JSON
        a.Pack(inner)

    def fill_wkt(self, m, depth):
        """Fills a well-known type; returns False when `m` is an ordinary message."""
        name = m.DESCRIPTOR.full_name
        if name == "google.protobuf.Timestamp":
            self._timestamp(m)
        elif name == "google.protobuf.Duration":
            self._duration(m)
        elif name == "google.protobuf.FieldMask":
            m.SetInParent()
            m.paths.extend(self._path() for _ in range(self.rng.randint(0, 3)))
        elif name == "google.protobuf.Struct":
            self._struct(m, depth)
        elif name == "google.protobuf.Value":
            self._value(m, depth)
        elif name == "google.protobuf.ListValue":
            self._list(m, depth)
        elif name == "google.protobuf.Any":
            self._any(m, depth)
        elif name == "google.protobuf.Empty":
            m.SetInParent()
        elif name.startswith("google.protobuf.") and name.endswith("Value") and "value" in m.DESCRIPTOR.fields_by_name:
            m.SetInParent()  # a wrapper holding its default is still present: JSON writes 0, "" or false
            if self.rng.random() < 0.8:
                m.value = self.scalar(m.DESCRIPTOR.fields_by_name["value"])
        else:
            return False
        return True

    # -- messages ------------------------------------------------------------------------------
    def fill(self, m, depth=0):
        if self.fill_wkt(m, depth):
            return m
        desc = m.DESCRIPTOR
        rate = self.fill_rate / (1 + depth)
        done_oneofs = set()
        for field in desc.fields:
            oneof = field.containing_oneof
            if oneof is not None and not (oneof.name.startswith("_") and len(oneof.fields) == 1):
                if oneof.name in done_oneofs:
                    continue
                done_oneofs.add(oneof.name)
                if self.rng.random() < 0.5:
                    self._set(m, self.rng.choice(oneof.fields), depth, force_presence=True)
                continue
            if self.rng.random() < rate or _is_required(field):
                self._set(m, field, depth)
        if desc.is_extendable:
            for ext in self.extensions:
                if ext.containing_type is desc and self.rng.random() < rate:
                    self._set(m, ext, depth, extension=True)
        return m

    def _set(self, m, field, depth, force_presence=False, extension=False):
        is_message = field.type in (D.FieldDescriptor.TYPE_MESSAGE, D.FieldDescriptor.TYPE_GROUP)
        if is_message and depth >= self.max_depth and not _is_leaf_wkt(field.message_type) and not _is_required(field):
            return
        container = m.Extensions if extension else None
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            target = getattr(m, field.name)
            key_field = field.message_type.fields_by_name["key"]
            value_field = field.message_type.fields_by_name["value"]
            for _ in range(self.rng.randint(1, 3)):
                key = self.scalar(key_field)
                if value_field.message_type is not None:
                    self.fill(target[key], depth + 1)
                else:
                    target[key] = self.scalar(value_field)
            return
        if _is_repeated(field):
            target = container[field] if extension else getattr(m, field.name)
            for _ in range(self.rng.randint(1, 4)):
                if is_message:
                    self.fill(target.add(), depth + 1)
                else:
                    target.append(self.scalar(field))
            return
        if is_message:
            sub = container[field] if extension else getattr(m, field.name)
            sub.SetInParent()
            self.fill(sub, depth + 1)
            return
        value = self.scalar(field)
        if force_presence and self.rng.random() < 0.2:
            value = field.default_value  # a oneof member holding its default is still present
        if field.type == D.FieldDescriptor.TYPE_ENUM and field.enum_type.full_name == "google.protobuf.NullValue":
            value = 0
        if extension:
            container[field] = value
        else:
            setattr(m, field.name, value)


def _is_repeated(field):
    # FieldDescriptor.label is deprecated in newer runtimes; is_repeated replaces it.
    rep = getattr(field, "is_repeated", None)
    if rep is not None:
        return rep if isinstance(rep, bool) else rep()
    return field.label == D.FieldDescriptor.LABEL_REPEATED


def _is_required(field):
    req = getattr(field, "is_required", None)
    if req is not None:
        return req if isinstance(req, bool) else req()
    return field.label == D.FieldDescriptor.LABEL_REQUIRED


def _is_leaf_wkt(desc):
    return desc.full_name in ("google.protobuf.Timestamp", "google.protobuf.Duration", "google.protobuf.FieldMask",
                              "google.protobuf.Empty") or desc.full_name.endswith("Value") and desc.full_name not in (
                                  "google.protobuf.Value", "google.protobuf.ListValue")


_WKT_CLASSES = {
    "google.protobuf.Timestamp": timestamp_pb2.Timestamp, "google.protobuf.Duration": duration_pb2.Duration,
    "google.protobuf.FieldMask": field_mask_pb2.FieldMask, "google.protobuf.Struct": struct_pb2.Struct,
    "google.protobuf.Value": struct_pb2.Value, "google.protobuf.ListValue": struct_pb2.ListValue,
    "google.protobuf.Int32Value": wrappers_pb2.Int32Value, "google.protobuf.StringValue": wrappers_pb2.StringValue,
    "google.protobuf.BytesValue": wrappers_pb2.BytesValue, "google.protobuf.DoubleValue": wrappers_pb2.DoubleValue,
    "google.protobuf.Any": any_pb2.Any,
}
from google.protobuf import empty_pb2  # noqa: E402
_WKT_CLASSES["google.protobuf.Empty"] = empty_pb2.Empty
