# edge_cases.py: the hand-written proto3 JSON edge cases, one per rule of issue 4, with expected outcomes.
"""Each case is a dict:
  name          unique, short
  rule          the rule of the mapping it checks
  type          "proto3" (protobuf_test_messages.proto3.TestAllTypesProto3, default) or "proto2"
  input         json (the exact text sent) | binary (text format of the message sent as binary)
                | binary_hex
  expect        "parse_error" | "serialize_error" | {"text": <text format of the parsed message>}
                | {"json": <the JSON value written>}; JSON input with a text expectation asks for
                binary output, everything else for JSON output
  expect_also   further acceptable outcomes, where the spec allows either
  json_out      for JSON input: the canonical JSON the same input must come back as
  ordered       compare JSON object key order too
  ignore_unknown  parse with "ignore unknown fields" (JSON_IGNORE_UNKNOWN_PARSING_TEST)
  python        {"outcome": ..., "note": ...}: where Google's Python (json_format) deviates
  pending       why the testee is known not to pass yet (reported, never silently passing)
Expected outcomes follow the spec and Google's conformance suite; Python is checked against them."""

P2 = "protobuf_test_messages.proto2."
ANY3 = "type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3"
WKT = "type.googleapis.com/google.protobuf."


def parses(name, rule, json, text, **kw):
    return dict(name=name, rule=rule, json=json, expect={"text": text}, **kw)


def rejects(name, rule, json, **kw):
    return dict(name=name, rule=rule, json=json, expect="parse_error", **kw)


def writes(name, rule, binary, value, **kw):
    return dict(name=name, rule=rule, binary=binary, expect={"json": value}, **kw)


def refuses(name, rule, binary, **kw):
    return dict(name=name, rule=rule, binary=binary, expect="serialize_error", **kw)


NAMES = "field names: JSON name and original name"
OUT_NAMES = "output: lowerCamelCase or json_name"
INT = "integers: exponent or decimal forms when integral; reject fractions and out-of-range"
INT64 = "64-bit integers: numbers or strings"
FLOAT = "floats: numbers or strings, NaN/Infinity strings"
BYTES = "bytes: standard or URL-safe base64, with or without padding"
ENUM = "enums: by name or number"
NULL = "null means the default, except Value; top-level null rejected"
DUP = "duplicate keys are rejected"
UNKNOWN = "unknown fields are an error unless ignored; ignoring also skips unknown enum names"
STR = "strings: full escape handling, surrogate pairs"
TS = "Timestamp: RFC 3339, uppercase T and Z, offsets, 0/3/6/9 digits, years 0001-9999"
DUR = "Duration: \"1.5s\", in range, same sign"
FM = "FieldMask: comma-joined camelCase, failure when a path cannot round-trip"
ANY = "Any: @type anywhere, registry, WKT inside uses \"value\""
STRUCT = "Struct, Value, ListValue, NullValue as arbitrary JSON"
WRAP = "wrappers as bare values"
SYNTAX = "bad JSON is an error, never a crash"
DEPTH = "nesting is bounded (default 100)"
MAP = "maps as objects with stringified keys"

CASES = [
    # ---- output: names, numbers, defaults -----------------------------------------------------
    writes("out names camelCase", OUT_NAMES, "optional_int32: 1 optional_nested_message { a: 2 } repeated_string: 'x'",
           {"optionalInt32": 1, "optionalNestedMessage": {"a": 2}, "repeatedString": ["x"]}),
    writes("out json names of odd field names", OUT_NAMES,
           "fieldname1: 1 field_name2: 2 _field_name3: 3 field__name4_: 4 field0name5: 5 field_0_name6: 6 fieldName7: 7 "
           "FieldName8: 8 field_Name9: 9 Field_Name10: 10 FIELD_NAME11: 11 FIELD_name12: 12 __field_name13: 13 "
           "__Field_name14: 14 field__name15: 15 field__Name16: 16 field_name17__: 17 Field_name18__: 18",
           {"fieldname1": 1, "fieldName2": 2, "FieldName3": 3, "fieldName4": 4, "field0name5": 5, "field0Name6": 6,
            "fieldName7": 7, "FieldName8": 8, "fieldName9": 9, "FieldName10": 10, "FIELDNAME11": 11, "FIELDName12": 12,
            "FieldName13": 13, "FieldName14": 14, "fieldName15": 15, "fieldName16": 16, "fieldName17": 17,
            "FieldName18": 18}),
    writes("out int64 kinds as strings", "output: int64 and uint64 as strings",
           "optional_int64: -9223372036854775808 optional_uint64: 18446744073709551615 optional_sint64: 9223372036854775807 "
           "optional_fixed64: 1 optional_sfixed64: -1 repeated_int64: [0, 5]",
           {"optionalInt64": "-9223372036854775808", "optionalUint64": "18446744073709551615",
            "optionalSint64": "9223372036854775807", "optionalFixed64": "1", "optionalSfixed64": "-1",
            "repeatedInt64": ["0", "5"]}),
    writes("out int32 kinds as numbers", "output: 32-bit integers as numbers",
           "optional_int32: -2147483648 optional_uint32: 4294967295 optional_sfixed32: -1 optional_fixed32: 4294967295",
           {"optionalInt32": -2147483648, "optionalUint32": 4294967295, "optionalSfixed32": -1, "optionalFixed32": 4294967295}),
    writes("out NaN and infinities as strings", "output: NaN, Infinity, -Infinity as strings",
           "optional_double: nan optional_float: inf repeated_double: [-inf, 1.5] repeated_float: [nan]",
           {"optionalDouble": "NaN", "optionalFloat": "Infinity", "repeatedDouble": ["-Infinity", 1.5], "repeatedFloat": ["NaN"]}),
    writes("out float shortest round-trip", "output: float32 written so it parses back to the same float",
           "optional_float: 0.1 optional_double: 0.1 repeated_float: [16777216, 1e-45]",
           {"optionalFloat": 0.1, "optionalDouble": 0.1, "repeatedFloat": [16777216, 1e-45]}),
    writes("out large and tiny doubles", "output: doubles round-trip", "repeated_double: [1e+21, 1e-07, 5e-324, 1.7976931348623157e+308, -0.5]",
           {"repeatedDouble": [1e21, 1e-7, 5e-324, 1.7976931348623157e308, -0.5]}),
    writes("out negative zero kept", "output: -0.0 is not the default 0", "optional_double: -0.0 repeated_double: -0.0",
           {"optionalDouble": -0.0, "repeatedDouble": [-0.0]}),
    writes("out bytes standard base64 with padding", "output: bytes as standard base64 with padding",
           "optional_bytes: '\\373\\377' repeated_bytes: ['a', 'ab', 'abc', '']",
           {"optionalBytes": "+/8=", "repeatedBytes": ["YQ==", "YWI=", "YWJj", ""]}),
    writes("out enums by name, unknown as number", "output: enums by name, unknown values as numbers",
           "optional_nested_enum: BAR optional_foreign_enum: FOREIGN_BAZ repeated_nested_enum: [NEG, 12345]",
           {"optionalNestedEnum": "BAR", "optionalForeignEnum": "FOREIGN_BAZ", "repeatedNestedEnum": ["NEG", 12345]}),
    writes("out aliased enum uses the first name", "output: enums by name", "optional_aliased_enum: ALIAS_BAZ",
           {"optionalAliasedEnum": "ALIAS_BAZ"}),
    dict(name="out defaults left out", rule="output: default values left out",
         binary_hex="0800 1000 7200 b80100 a80100", expect={"json": {}}),
    writes("out oneof member holding its default", "output: a set oneof member is written even when default",
           "oneof_uint32: 0", {"oneofUint32": 0}),
    writes("out oneof string default", "output: a set oneof member is written even when default", "oneof_string: ''",
           {"oneofString": ""}),
    writes("out oneof null value", "NullValue: null", "oneof_null_value: NULL_VALUE", {"oneofNullValue": None}),
    writes("out NullValue field at default left out", "output: default values left out", "optional_null_value: NULL_VALUE", {}),
    writes("out empty submessage written", "output: a present message is written", "optional_nested_message {}",
           {"optionalNestedMessage": {}}),
    writes("out maps with stringified keys", MAP,
           "map_int32_int32 { key: -1 value: 2 } map_bool_bool { key: true value: false } "
           "map_int64_int64 { key: -9223372036854775808 value: 1 } map_uint64_uint64 { key: 18446744073709551615 value: 0 } "
           "map_string_string { key: '' value: '' } map_uint32_uint32 { key: 4294967295 value: 1 } "
           "map_sint64_sint64 { key: -1 value: -1 } map_fixed32_fixed32 { key: 0 value: 0 }",
           {"mapInt32Int32": {"-1": 2}, "mapBoolBool": {"true": False}, "mapInt64Int64": {"-9223372036854775808": "1"},
            "mapUint64Uint64": {"18446744073709551615": "0"}, "mapStringString": {"": ""},
            "mapUint32Uint32": {"4294967295": 1}, "mapSint64Sint64": {"-1": "-1"}, "mapFixed32Fixed32": {"0": 0}}),
    writes("out map message and enum values", MAP,
           "map_string_nested_message { key: 'k' value { a: 1 } } map_string_nested_enum { key: 'e' value: BAZ } "
           "map_string_foreign_enum { key: 'u' value: FOREIGN_FOO }",
           {"mapStringNestedMessage": {"k": {"a": 1}}, "mapStringNestedEnum": {"e": "BAZ"},
            "mapStringForeignEnum": {"u": "FOREIGN_FOO"}}),
    writes("out string escapes", "output: strings escaped as JSON requires",
           "optional_string: '\"\\\\/\\n\\001\\177\\302\\200\\342\\200\\250\\360\\237\\230\\200'",
           {"optionalString": "\"\\/\n\u0001\u007f\u0080\u2028\U0001F600"}),
    dict(name="out reserved unknown field dropped", rule="output: unknown fields are not written",
         binary_hex="a81f01 0801", expect={"json": {"optionalInt32": 1}}),
    # ---- output: well-known types -----------------------------------------------------------------
    writes("out timestamp epoch", TS, "optional_timestamp {}", {"optionalTimestamp": "1970-01-01T00:00:00Z"}),
    writes("out timestamp 3/6/9 digits", TS,
           "repeated_timestamp { nanos: 10000000 } repeated_timestamp { nanos: 10000 } repeated_timestamp { nanos: 10 } "
           "repeated_timestamp { seconds: -1 nanos: 999999999 }",
           {"repeatedTimestamp": ["1970-01-01T00:00:00.010Z", "1970-01-01T00:00:00.000010Z",
                                  "1970-01-01T00:00:00.000000010Z", "1969-12-31T23:59:59.999999999Z"]}),
    writes("out timestamp range ends", TS,
           "repeated_timestamp { seconds: -62135596800 } repeated_timestamp { seconds: 253402300799 nanos: 999999999 }",
           {"repeatedTimestamp": ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z"]}),
    refuses("out timestamp after 9999", TS, "optional_timestamp { seconds: 253402300800 }"),
    refuses("out timestamp before 0001", TS, "optional_timestamp { seconds: -62135596801 }"),
    refuses("out timestamp negative nanos", TS, "optional_timestamp { seconds: 1 nanos: -1 }"),
    refuses("out timestamp nanos too large", TS, "optional_timestamp { nanos: 1000000000 }"),
    writes("out durations", DUR,
           "repeated_duration { seconds: 1 nanos: 500000000 } repeated_duration { seconds: -1 nanos: -500000000 } "
           "repeated_duration { nanos: -500000 } repeated_duration { seconds: 315576000000 } repeated_duration {} "
           "repeated_duration { seconds: -315576000000 nanos: -999999999 } repeated_duration { nanos: 1 }",
           {"repeatedDuration": ["1.500s", "-1.500s", "-0.000500s", "315576000000s", "0s", "-315576000000.999999999s",
                                 "0.000000001s"]}),
    refuses("out duration too long", DUR, "optional_duration { seconds: 315576000001 }"),
    refuses("out duration mixed signs", DUR, "optional_duration { seconds: 1 nanos: -1 }"),
    refuses("out duration nanos too large", DUR, "optional_duration { nanos: 1000000000 }"),
    writes("out field mask camelCase", FM, "optional_field_mask { paths: 'foo_bar' paths: 'baz.qux_quux' paths: 'a' }",
           {"optionalFieldMask": "fooBar,baz.quxQuux,a"}),
    writes("out empty field mask", FM, "optional_field_mask {}", {"optionalFieldMask": ""}),
    refuses("out field mask path with uppercase", FM, "optional_field_mask { paths: 'fooBar' }"),
    refuses("out field mask path with digit after underscore", FM, "optional_field_mask { paths: 'foo_3' }"),
    writes("out any of a message", ANY, f"optional_any {{ [{ANY3}] {{ optional_int32: 1 optional_string: 's' }} }}",
           {"optionalAny": {"@type": ANY3, "optionalInt32": 1, "optionalString": "s"}}),
    writes("out any puts @type first", ANY, f"optional_any {{ [{ANY3}] {{ optional_int32: 1 }} }}",
           {"optionalAny": {"@type": ANY3, "optionalInt32": 1}}, ordered=True),
    # Google (Python and upb) writes and reads an Empty inside an Any as an ordinary message, without "value".
    writes("out any of well-known types uses value", ANY,
           f"repeated_any {{ [{WKT}Timestamp] {{ seconds: 1 }} }} repeated_any {{ [{WKT}Int32Value] {{ value: 5 }} }} "
           f"repeated_any {{ [{WKT}Struct] {{ fields {{ key: 'a' value {{ bool_value: true }} }} }} }} "
           f"repeated_any {{ [{WKT}Empty] {{ }} }} repeated_any {{ [{WKT}FieldMask] {{ paths: 'a_b' }} }} "
           f"repeated_any {{ [{WKT}Value] {{ list_value {{ }} }} }} repeated_any {{ [{WKT}Duration] {{ seconds: 2 }} }} "
           f"repeated_any {{ [{WKT}Any] {{ [{WKT}Int64Value] {{ value: 3 }} }} }}",
           {"repeatedAny": [{"@type": WKT + "Timestamp", "value": "1970-01-01T00:00:01Z"},
                            {"@type": WKT + "Int32Value", "value": 5},
                            {"@type": WKT + "Struct", "value": {"a": True}},
                            {"@type": WKT + "Empty"},  # Google: Empty is an ordinary message here
                            {"@type": WKT + "FieldMask", "value": "aB"},
                            {"@type": WKT + "Value", "value": []},
                            {"@type": WKT + "Duration", "value": "2s"},
                            {"@type": WKT + "Any", "value": {"@type": WKT + "Int64Value", "value": "3"}}]}),
    refuses("out any of an unregistered type", ANY,
            "optional_any { type_url: 'type.googleapis.com/no.such.Type' value: '\\010\\001' }"),
    writes("out structs and values", STRUCT,
           "optional_struct { fields { key: 'a' value { list_value { values { bool_value: true } values { string_value: 'x' } "
           "values { null_value: NULL_VALUE } values { number_value: 1.5 } } } } fields { key: 'b' value { struct_value {} } } } "
           "optional_value { number_value: 3 } repeated_value { null_value: NULL_VALUE } repeated_list_value { values { number_value: -0.5 } }",
           {"optionalStruct": {"a": [True, "x", None, 1.5], "b": {}}, "optionalValue": 3, "repeatedValue": [None],
            "repeatedListValue": [[-0.5]]}),
    refuses("out value NaN has no JSON", STRUCT, "optional_value { number_value: nan }"),
    refuses("out value infinity has no JSON", STRUCT, "optional_value { number_value: inf }"),
    dict(name="out value with no kind", rule=STRUCT, binary="optional_value {}", expect="serialize_error",
         expect_also=[{"json": {"optionalValue": None}}]),
    writes("out wrappers as bare values", WRAP,
           "optional_int32_wrapper {} optional_string_wrapper {} optional_bool_wrapper {} optional_bytes_wrapper { value: 'a' } "
           "optional_int64_wrapper { value: -1 } optional_uint64_wrapper { value: 18446744073709551615 } "
           "optional_float_wrapper { value: nan } optional_double_wrapper { value: -inf } optional_uint32_wrapper { value: 7 } "
           "repeated_int32_wrapper { value: 1 } repeated_int32_wrapper {}",
           {"optionalInt32Wrapper": 0, "optionalStringWrapper": "", "optionalBoolWrapper": False, "optionalBytesWrapper": "YQ==",
            "optionalInt64Wrapper": "-1", "optionalUint64Wrapper": "18446744073709551615", "optionalFloatWrapper": "NaN",
            "optionalDoubleWrapper": "-Infinity", "optionalUint32Wrapper": 7, "repeatedInt32Wrapper": [1, 0]}),
    # ---- output: proto2 ------------------------------------------------------------------------------
    writes("out proto2 explicit default present", "output: proto2 fields with presence are written when set",
           "optional_int32: 0 optional_string: ''", {"optionalInt32": 0, "optionalString": ""}, type="proto2"),
    writes("out proto2 extension", "output: extensions as [full.name]", f"[{P2}extension_int32]: 5",
           {f"[{P2}extension_int32]": 5}, type="proto2"),
    writes("out proto2 group", "output: groups as their field name", "data { group_int32: 1 group_uint32: 2 }",
           {"data": {"groupInt32": 1, "groupUint32": 2}}, type="proto2"),

    # ---- input: names -----------------------------------------------------------------------------------
    parses("in original field name", NAMES, '{"optional_int32": 1, "optional_nested_message": {"a": 2}}',
           "optional_int32: 1 optional_nested_message { a: 2 }", json_out={"optionalInt32": 1, "optionalNestedMessage": {"a": 2}}),
    parses("in json names of odd field names", NAMES,
           '{"fieldName2": 2, "FieldName3": 3, "fieldName4": 4, "field0Name6": 6, "FIELDNAME11": 11, "FieldName13": 13, "FieldName18": 18}',
           "field_name2: 2 _field_name3: 3 field__name4_: 4 field_0_name6: 6 FIELD_NAME11: 11 __field_name13: 13 Field_name18__: 18"),
    parses("in original names of odd field names", NAMES,
           '{"field_name2": 2, "_field_name3": 3, "field__name4_": 4, "FIELD_NAME11": 11, "__Field_name14": 14, "Field_name18__": 18}',
           "field_name2: 2 _field_name3: 3 field__name4_: 4 FIELD_NAME11: 11 __Field_name14: 14 Field_name18__: 18"),
    rejects("in names are case-sensitive", NAMES, '{"OptionalInt32": 1}'),
    dict(name="in same field under both names", rule=DUP, json='{"optional_nested_message": {"a": 1}, "optionalNestedMessage": {}}',
         expect="parse_error", expect_also=[{"text": "optional_nested_message {}"}],
         python={"outcome": {"text": "optional_nested_message { a: 1 }"},
                 "note": "json_format merges the two values instead of failing or keeping the last"}),
    rejects("in duplicate key", DUP, '{"optionalInt32": 1, "optionalInt32": 2}'),
    rejects("in duplicate key in a nested message", DUP, '{"optionalNestedMessage": {"a": 1, "a": 1}}'),
    rejects("in duplicate map key", DUP, '{"mapStringString": {"a": "1", "a": "2"}}'),
    rejects("in duplicate key in a Struct", DUP, '{"optionalStruct": {"a": 1, "a": 2}}'),
    rejects("in two members of one oneof", "a oneof holds one member", '{"oneofUint32": 1, "oneofString": "x"}'),
    # ---- input: unknown fields -------------------------------------------------------------------------
    rejects("in unknown field", UNKNOWN, '{"unknownField": 1}'),
    parses("in unknown field ignored", UNKNOWN, '{"unknownField": {"a": [1, {"b": null}], "c": "d"}, "optionalInt32": 3}',
           "optional_int32: 3", ignore_unknown=True),
    parses("in unknown field in a nested message ignored", UNKNOWN, '{"optionalNestedMessage": {"a": 1, "zzz": true}}',
           "optional_nested_message { a: 1 }", ignore_unknown=True),
    rejects("in unknown enum name", UNKNOWN, '{"optionalNestedEnum": "NOT_A_VALUE"}'),
    parses("in unknown enum name ignored", UNKNOWN, '{"optionalNestedEnum": "NOT_A_VALUE"}', "", ignore_unknown=True),
    parses("in unknown enum name in a repeated field ignored", UNKNOWN,
           '{"repeatedNestedEnum": ["FOO", "NOT_A_VALUE", "BAR"]}', "repeated_nested_enum: [FOO, BAR]", ignore_unknown=True),
    parses("in unknown enum name in a map value ignored", UNKNOWN,
           '{"mapStringNestedEnum": {"k1": "FOO", "k2": "NOT_A_VALUE"}}', "map_string_nested_enum { key: 'k1' value: FOO }",
           ignore_unknown=True),
    parses("in unknown enum number kept in proto3", ENUM, '{"optionalNestedEnum": 12345}', "optional_nested_enum: 12345",
           json_out={"optionalNestedEnum": 12345}),
    parses("in unknown field in an Any ignored", UNKNOWN,
           f'{{"optionalAny": {{"@type": "{ANY3}", "optionalInt32": 1, "nope": 2}}}}',
           f"optional_any {{ [{ANY3}] {{ optional_int32: 1 }} }}", ignore_unknown=True),
    rejects("in unknown field in an Any", UNKNOWN, f'{{"optionalAny": {{"@type": "{ANY3}", "nope": 2}}}}'),
    # ---- input: null ----------------------------------------------------------------------------------
    rejects("in top-level null", NULL, "null"),
    parses("in null scalar is the default", NULL, '{"optionalInt32": null, "optionalString": null, "optionalBytes": null}', ""),
    parses("in null message field is unset", NULL, '{"optionalNestedMessage": null, "optionalTimestamp": null}', ""),
    parses("in null repeated and map fields are empty", NULL, '{"repeatedInt32": null, "mapStringString": null}', ""),
    parses("in null wrapper is unset", NULL, '{"optionalInt32Wrapper": null}', ""),
    parses("in null enum is the default", NULL, '{"optionalNestedEnum": null}', ""),
    parses("in null Value is NULL_VALUE", NULL, '{"optionalValue": null}', "optional_value { null_value: NULL_VALUE }"),
    parses("in null inside repeated Value", NULL, '{"repeatedValue": [null, 1]}',
           "repeated_value { null_value: NULL_VALUE } repeated_value { number_value: 1 }"),
    parses("in null in a Struct", NULL, '{"optionalStruct": {"a": null}}',
           "optional_struct { fields { key: 'a' value { null_value: NULL_VALUE } } }"),
    parses("in null for a oneof NullValue member", NULL, '{"oneofNullValue": null}', "oneof_null_value: NULL_VALUE"),
    parses("in null for a NullValue field", NULL, '{"optionalNullValue": null}', ""),
    parses("in NullValue by name", ENUM, '{"optionalNullValue": "NULL_VALUE"}', ""),
    rejects("in null element of a repeated scalar", NULL, '{"repeatedInt32": [1, null]}'),
    rejects("in null element of a repeated message", NULL, '{"repeatedNestedMessage": [{}, null]}'),
    rejects("in null map value", NULL, '{"mapInt32Int32": {"1": null}}'),
    # ---- input: integers ---------------------------------------------------------------------------------
    parses("in int32 exponent", INT, '{"optionalInt32": 1e5, "optionalUint32": 1E2, "optionalSint32": -2e1}',
           "optional_int32: 100000 optional_uint32: 100 optional_sint32: -20"),
    parses("in int32 integral decimal", INT, '{"optionalInt32": 100000.000, "optionalFixed32": 2.0}',
           "optional_int32: 100000 optional_fixed32: 2"),
    parses("in int32 quoted", INT, '{"optionalInt32": "-123", "optionalUint32": "4294967295"}',
           "optional_int32: -123 optional_uint32: 4294967295"),
    parses("in int32 range ends", INT, '{"optionalInt32": -2147483648, "optionalSfixed32": 2147483647}',
           "optional_int32: -2147483648 optional_sfixed32: 2147483647"),
    parses("in negative zero integer", INT, '{"optionalInt32": -0}', ""),
    rejects("in int32 fraction", INT, '{"optionalInt32": 1.5}'),
    rejects("in int32 quoted fraction", INT, '{"optionalInt32": "1.5"}'),
    rejects("in int32 too large", INT, '{"optionalInt32": 2147483648}'),
    rejects("in int32 too small", INT, '{"optionalInt32": -2147483649}'),
    rejects("in uint32 negative", INT, '{"optionalUint32": -1}'),
    rejects("in uint32 too large", INT, '{"optionalUint32": 4294967296}'),
    rejects("in int32 as bool", INT, '{"optionalInt32": true}'),
    rejects("in int32 hex string", INT, '{"optionalInt32": "0x10"}'),
    rejects("in int32 leading zero", SYNTAX, '{"optionalInt32": 01}'),
    rejects("in int32 empty string", INT, '{"optionalInt32": ""}'),
    parses("in int64 number and string", INT64,
           '{"optionalInt64": 9223372036854775807, "optionalUint64": "18446744073709551615", "optionalSint64": "-9223372036854775808", '
           '"optionalFixed64": 18446744073709551615, "optionalSfixed64": -9223372036854775808}',
           "optional_int64: 9223372036854775807 optional_uint64: 18446744073709551615 optional_sint64: -9223372036854775808 "
           "optional_fixed64: 18446744073709551615 optional_sfixed64: -9223372036854775808",
           json_out={"optionalInt64": "9223372036854775807", "optionalUint64": "18446744073709551615",
                     "optionalSint64": "-9223372036854775808", "optionalFixed64": "18446744073709551615",
                     "optionalSfixed64": "-9223372036854775808"}),
    parses("in int64 exponent", INT64, '{"optionalInt64": 1e18, "optionalUint64": 1.5e3}',
           "optional_int64: 1000000000000000000 optional_uint64: 1500"),
    rejects("in int64 too large", INT64, '{"optionalInt64": "9223372036854775808"}'),
    rejects("in int64 too large unquoted", INT64, '{"optionalInt64": 9223372036854775808}'),
    rejects("in uint64 too large", INT64, '{"optionalUint64": "18446744073709551616"}'),
    rejects("in uint64 negative string", INT64, '{"optionalUint64": "-1"}'),
    rejects("in int64 fraction", INT64, '{"optionalInt64": 1.5}'),
    # ---- input: floats ---------------------------------------------------------------------------------
    parses("in float special strings", FLOAT,
           '{"optionalDouble": "NaN", "optionalFloat": "-Infinity", "repeatedDouble": ["Infinity", "-Infinity"]}',
           "optional_double: nan optional_float: -inf repeated_double: [inf, -inf]",
           json_out={"optionalDouble": "NaN", "optionalFloat": "-Infinity", "repeatedDouble": ["Infinity", "-Infinity"]}),
    parses("in float quoted numbers", FLOAT, '{"optionalDouble": "1.5", "optionalFloat": "-2e3"}',
           "optional_double: 1.5 optional_float: -2000"),
    parses("in float exponent forms", FLOAT, '{"optionalDouble": 1E-2, "repeatedDouble": [1e+2, -0.0]}',
           "optional_double: 0.01 repeated_double: [100, -0]"),
    parses("in negative zero double kept", FLOAT, '{"optionalDouble": -0.0}', "optional_double: -0",
           json_out={"optionalDouble": -0.0}),
    rejects("in NaN spelled lowercase", FLOAT, '{"optionalDouble": "nan"}'),
    rejects("in bare NaN is not JSON", SYNTAX, '{"optionalDouble": NaN}'),
    rejects("in bare Infinity is not JSON", SYNTAX, '{"optionalFloat": -Infinity}'),
    rejects("in double too large", FLOAT, '{"optionalDouble": 1.89769e+308}'),
    rejects("in float too large", FLOAT, '{"optionalFloat": 3.402824e+38}'),
    rejects("in float too small", FLOAT, '{"optionalFloat": -3.402824e+38}'),
    parses("in float max", FLOAT, '{"optionalFloat": 3.402823e+38}', "optional_float: 3.402823e+38"),
    parses("in float FLT_MAX shortest spelling", FLOAT, '{"optionalFloat": 3.4028235e+38, "repeatedFloat": [-3.4028235e+38]}',
           "optional_float: 3.4028234663852886e+38 repeated_float: -3.4028234663852886e+38",
           python={"outcome": "parse_error",
                   "note": "json_format rejects 3.4028235e+38, the shortest spelling of FLT_MAX that it writes itself, "
                           "because as a double it is above FLT_MAX (it rounds to FLT_MAX as a float)"}),
    rejects("in float as bool", FLOAT, '{"optionalFloat": false}',
            python={"outcome": {"text": ""}, "note": "json_format takes JSON false as the number 0 (a Python bool is an int)"}),
    rejects("in float empty string", FLOAT, '{"optionalDouble": ""}'),
    # ---- input: bytes ---------------------------------------------------------------------------------
    parses("in bytes standard padded", BYTES, '{"optionalBytes": "+/8="}', "optional_bytes: '\\373\\377'",
           json_out={"optionalBytes": "+/8="}),
    parses("in bytes standard unpadded", BYTES, '{"optionalBytes": "+/8"}', "optional_bytes: '\\373\\377'"),
    parses("in bytes url-safe padded", BYTES, '{"optionalBytes": "-_8="}', "optional_bytes: '\\373\\377'"),
    parses("in bytes url-safe unpadded", BYTES, '{"optionalBytes": "-_8"}', "optional_bytes: '\\373\\377'",
           json_out={"optionalBytes": "+/8="}),
    parses("in bytes one byte unpadded", BYTES, '{"repeatedBytes": ["YQ", "YQ==", "YWI", ""]}',
           "repeated_bytes: ['a', 'a', 'ab', '']"),
    rejects("in bytes invalid characters", BYTES, '{"optionalBytes": "!!!!"}',
            python={"outcome": {"text": ""}, "note": "json_format's base64 decoding drops characters outside the alphabet"}),
    rejects("in bytes impossible length", BYTES, '{"optionalBytes": "Y"}'),
    # ---- input: enums ----------------------------------------------------------------------------------
    parses("in enum by name and number", ENUM, '{"optionalNestedEnum": "BAZ", "optionalForeignEnum": 1, "repeatedNestedEnum": ["NEG", -1, 0]}',
           "optional_nested_enum: BAZ optional_foreign_enum: FOREIGN_BAR repeated_nested_enum: [NEG, NEG, FOO]",
           json_out={"optionalNestedEnum": "BAZ", "optionalForeignEnum": "FOREIGN_BAR", "repeatedNestedEnum": ["NEG", "NEG", "FOO"]}),
    parses("in enum aliases", ENUM, '{"repeatedNestedEnum": [], "optionalAliasedEnum": "moo"}', "optional_aliased_enum: ALIAS_BAZ"),
    parses("in enum alias bAz", ENUM, '{"optionalAliasedEnum": "bAz"}', "optional_aliased_enum: ALIAS_BAZ"),
    rejects("in enum names are case-sensitive", ENUM, '{"optionalNestedEnum": "bar"}'),
    rejects("in enum as bool", ENUM, '{"optionalNestedEnum": true}',
            python={"outcome": {"text": "optional_nested_enum: BAR"}, "note": "json_format takes JSON true as the number 1"}),
    rejects("in enum number fraction", ENUM, '{"optionalNestedEnum": 1.5}',
            python={"outcome": {"text": "optional_nested_enum: BAR"}, "note": "json_format truncates 1.5 to the enum number 1"}),
    # ---- input: strings --------------------------------------------------------------------------------
    parses("in string escapes", STR, r'{"optionalString": "\"\\\/\b\f\n\r\t\u0041\u00e9\u00E9"}',
           "optional_string: '\"\\\\/\\b\\f\\n\\r\\tA\\303\\251\\303\\251'"),
    parses("in string surrogate pair", STR, r'{"optionalString": "\ud83d\ude00", "repeatedString": ["\uD83D\uDE00x"]}',
           "optional_string: '\\360\\237\\230\\200' repeated_string: '\\360\\237\\230\\200x'"),
    parses("in string raw multi-byte", STR, '{"optionalString": "中文 é 😀"}', "optional_string: '中文 é 😀'"),
    parses("in string escaped NUL", STR, r'{"optionalString": "a\u0000b"}', "optional_string: 'a\\000b'"),
    rejects("in string lone high surrogate", STR, r'{"optionalString": "\ud800"}'),
    rejects("in string lone low surrogate", STR, r'{"optionalString": "\udc00x"}'),
    rejects("in string reversed surrogates", STR, r'{"optionalString": "\ude00\ud83d"}'),
    rejects("in string raw control character", STR, '{"optionalString": "a\nb"}'),
    rejects("in string invalid escape", STR, r'{"optionalString": "\x41"}'),
    rejects("in string short unicode escape", STR, r'{"optionalString": "\u41"}'),
    rejects("in string as number", STR, '{"optionalString": 1}'),
    rejects("in bool as string", "bool is true or false", '{"optionalBool": "true"}'),
    rejects("in bool as number", "bool is true or false", '{"optionalBool": 1}'),
    # ---- input: repeated and maps ---------------------------------------------------------------------
    rejects("in repeated as a scalar", "repeated fields are arrays", '{"repeatedInt32": 1}'),
    rejects("in message as an array", "messages are objects", '{"optionalNestedMessage": []}',
            python={"outcome": {"text": "optional_nested_message {}"}, "note": "json_format takes an empty array as an empty message"}),
    parses("in map keys of every kind", MAP,
           '{"mapInt32Int32": {"1": 2, "-3": 4}, "mapBoolBool": {"true": true, "false": false}, '
           '"mapInt64Int64": {"-9223372036854775808": "1"}, "mapUint64Uint64": {"18446744073709551615": 2}, '
           '"mapStringString": {"": ""}, "mapSfixed32Sfixed32": {"-2147483648": -1}}',
           "map_int32_int32 { key: 1 value: 2 } map_int32_int32 { key: -3 value: 4 } map_bool_bool { key: true value: true } "
           "map_bool_bool { key: false value: false } map_int64_int64 { key: -9223372036854775808 value: 1 } "
           "map_uint64_uint64 { key: 18446744073709551615 value: 2 } map_string_string { key: '' value: '' } "
           "map_sfixed32_sfixed32 { key: -2147483648 value: -1 }"),
    rejects("in map bool key uppercase", MAP, '{"mapBoolBool": {"TRUE": true}}'),
    rejects("in map int key fraction", MAP, '{"mapInt32Int32": {"1.5": 1}}'),
    rejects("in map int key not a number", MAP, '{"mapInt32Int32": {"a": 1}}'),
    rejects("in map int key out of range", MAP, '{"mapInt32Int32": {"2147483648": 1}}'),
    rejects("in map as an array", MAP, '{"mapInt32Int32": [1, 2]}'),
    # ---- input: Timestamp -------------------------------------------------------------------------------
    parses("in timestamp epoch", TS, '{"optionalTimestamp": "1970-01-01T00:00:00Z"}', "optional_timestamp {}"),
    parses("in timestamp fractions of any length", TS,
           '{"repeatedTimestamp": ["1970-01-01T00:00:00.5Z", "1970-01-01T00:00:00.123456789Z", "1970-01-01T00:00:00.0001Z"]}',
           "repeated_timestamp { nanos: 500000000 } repeated_timestamp { nanos: 123456789 } repeated_timestamp { nanos: 100000 }",
           json_out={"repeatedTimestamp": ["1970-01-01T00:00:00.500Z", "1970-01-01T00:00:00.123456789Z",
                                           "1970-01-01T00:00:00.000100Z"]}),
    parses("in timestamp offsets normalised to Z", TS,
           '{"repeatedTimestamp": ["1970-01-01T01:00:00+01:00", "1969-12-31T16:00:00-08:00", "1970-01-01T00:00:00+00:00"]}',
           "repeated_timestamp {} repeated_timestamp {} repeated_timestamp {}",
           json_out={"repeatedTimestamp": ["1970-01-01T00:00:00Z"] * 3}),
    parses("in timestamp range ends", TS, '{"repeatedTimestamp": ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z"]}',
           "repeated_timestamp { seconds: -62135596800 } repeated_timestamp { seconds: 253402300799 nanos: 999999999 }"),
    parses("in timestamp leap year day", TS, '{"optionalTimestamp": "2000-02-29T12:34:56.789Z"}',
           "optional_timestamp { seconds: 951827696 nanos: 789000000 }"),
    rejects("in timestamp lowercase t", TS, '{"optionalTimestamp": "1970-01-01t00:00:00Z"}'),
    rejects("in timestamp lowercase z", TS, '{"optionalTimestamp": "1970-01-01T00:00:00z"}'),
    rejects("in timestamp without zone", TS, '{"optionalTimestamp": "1970-01-01T00:00:00"}'),
    rejects("in timestamp space separator", TS, '{"optionalTimestamp": "1970-01-01 00:00:00Z"}'),
    rejects("in timestamp ten fraction digits", TS, '{"optionalTimestamp": "1970-01-01T00:00:00.1234567890Z"}'),
    rejects("in timestamp year 10000", TS, '{"optionalTimestamp": "10000-01-01T00:00:00Z"}'),
    rejects("in timestamp year 0000", TS, '{"optionalTimestamp": "0000-12-31T23:59:59Z"}'),
    rejects("in timestamp one-digit month", TS, '{"optionalTimestamp": "1970-1-01T00:00:00Z"}',
            python={"outcome": {"text": "optional_timestamp {}"}, "note": "json_format accepts a one-digit month (strptime)"}),
    rejects("in timestamp dot without digits", TS, '{"optionalTimestamp": "1970-01-01T00:00:00.Z"}',
            python={"outcome": {"text": "optional_timestamp {}"}, "note": "json_format accepts a fraction dot with no digits"}),
    rejects("in timestamp month 13", TS, '{"optionalTimestamp": "1970-13-01T00:00:00Z"}'),
    rejects("in timestamp february 30", TS, '{"optionalTimestamp": "1970-02-30T00:00:00Z"}'),
    rejects("in timestamp hour 24", TS, '{"optionalTimestamp": "1970-01-01T24:00:00Z"}'),
    rejects("in timestamp as a number", TS, '{"optionalTimestamp": 0}'),
    rejects("in timestamp as an object", TS, '{"optionalTimestamp": {"seconds": 1}}'),
    # ---- input: Duration --------------------------------------------------------------------------------
    parses("in duration forms", DUR,
           '{"repeatedDuration": ["1.5s", "-1.5s", "0.000000001s", "-0.5s", "1s", "315576000000s", "-315576000000.999999999s"]}',
           "repeated_duration { seconds: 1 nanos: 500000000 } repeated_duration { seconds: -1 nanos: -500000000 } "
           "repeated_duration { nanos: 1 } repeated_duration { nanos: -500000000 } repeated_duration { seconds: 1 } "
           "repeated_duration { seconds: 315576000000 } repeated_duration { seconds: -315576000000 nanos: -999999999 }",
           json_out={"repeatedDuration": ["1.500s", "-1.500s", "0.000000001s", "-0.500s", "1s", "315576000000s",
                                          "-315576000000.999999999s"]}),
    rejects("in duration too long", DUR, '{"optionalDuration": "315576000001s"}'),
    rejects("in duration too long negative", DUR, '{"optionalDuration": "-315576000001s"}'),
    rejects("in duration without unit", DUR, '{"optionalDuration": "1.5"}'),
    rejects("in duration ten fraction digits", DUR, '{"optionalDuration": "1.0000000001s"}',
            python={"outcome": {"text": "optional_duration { seconds: 1 }"},
                    "note": "json_format drops fraction digits beyond nanoseconds instead of failing"}),
    rejects("in duration comma", DUR, '{"optionalDuration": "1,5s"}'),
    rejects("in duration as a number", DUR, '{"optionalDuration": 1.5}'),
    # ---- input: FieldMask -------------------------------------------------------------------------------
    parses("in field mask", FM, '{"optionalFieldMask": "foo,barBaz,a.bC"}',
           "optional_field_mask { paths: 'foo' paths: 'bar_baz' paths: 'a.b_c' }",
           json_out={"optionalFieldMask": "foo,barBaz,a.bC"}),
    parses("in empty field mask", FM, '{"optionalFieldMask": ""}', "optional_field_mask {}"),
    rejects("in field mask with underscore", FM, '{"optionalFieldMask": "foo,bar_bar"}'),
    # ---- input: Any ----------------------------------------------------------------------------------
    parses("in any @type first", ANY, f'{{"optionalAny": {{"@type": "{ANY3}", "optionalInt32": 1}}}}',
           f"optional_any {{ [{ANY3}] {{ optional_int32: 1 }} }}"),
    parses("in any @type last", ANY, f'{{"optionalAny": {{"optionalInt32": 1, "optionalString": "x", "@type": "{ANY3}"}}}}',
           f"optional_any {{ [{ANY3}] {{ optional_int32: 1 optional_string: 'x' }} }}",
           json_out={"optionalAny": {"@type": ANY3, "optionalInt32": 1, "optionalString": "x"}}),
    parses("in any holding an any", ANY,
           f'{{"optionalAny": {{"@type": "{WKT}Any", "value": {{"optionalInt32": 2, "@type": "{ANY3}"}}}}}}',
           f"optional_any {{ [{WKT}Any] {{ [{ANY3}] {{ optional_int32: 2 }} }} }}"),
    parses("in any of well-known types", ANY,
           f'{{"repeatedAny": [{{"@type": "{WKT}Duration", "value": "1.5s"}}, {{"value": 5, "@type": "{WKT}UInt32Value"}}, '
           f'{{"@type": "{WKT}Value", "value": null}}, {{"@type": "{WKT}Empty"}}, '
           f'{{"@type": "{WKT}ListValue", "value": [1]}}]}}',
           f"repeated_any {{ [{WKT}Duration] {{ seconds: 1 nanos: 500000000 }} }} repeated_any {{ [{WKT}UInt32Value] {{ value: 5 }} }} "
           f"repeated_any {{ [{WKT}Value] {{ null_value: NULL_VALUE }} }} repeated_any {{ [{WKT}Empty] {{ }} }} "
           f"repeated_any {{ [{WKT}ListValue] {{ values {{ number_value: 1 }} }} }}"),
    parses("in empty any", ANY, '{"optionalAny": {}}', "optional_any {}"),
    rejects("in any of an unknown type", ANY, '{"optionalAny": {"@type": "type.googleapis.com/no.such.Type", "a": 1}}'),
    rejects("in any without @type", ANY, '{"optionalAny": {"optionalInt32": 1}}'),
    rejects("in any of a message with value", ANY, f'{{"optionalAny": {{"@type": "{ANY3}", "value": 1}}}}'),
    rejects("in any duplicate @type", ANY, f'{{"optionalAny": {{"@type": "{ANY3}", "@type": "{ANY3}"}}}}'),
    # ---- input: Struct / Value / ListValue ------------------------------------------------------------
    parses("in struct of everything", STRUCT, '{"optionalStruct": {"n": 1, "s": "x", "b": false, "l": [true, null, []], "o": {"p": {}}}}',
           "optional_struct { fields { key: 'n' value { number_value: 1 } } fields { key: 's' value { string_value: 'x' } } "
           "fields { key: 'b' value { bool_value: false } } fields { key: 'l' value { list_value { values { bool_value: true } "
           "values { null_value: NULL_VALUE } values { list_value {} } } } } fields { key: 'o' value { struct_value { fields { "
           "key: 'p' value { struct_value {} } } } } } }"),
    parses("in value kinds", STRUCT, '{"repeatedValue": ["s", 1e300, false, {"k": 1}, [[]], -0.0]}',
           "repeated_value { string_value: 's' } repeated_value { number_value: 1e300 } repeated_value { bool_value: false } "
           "repeated_value { struct_value { fields { key: 'k' value { number_value: 1 } } } } "
           "repeated_value { list_value { values { list_value {} } } } repeated_value { number_value: -0 }"),
    parses("in value big integer becomes a double", STRUCT, '{"optionalValue": 9007199254740993}',
           "optional_value { number_value: 9007199254740992 }"),
    parses("in list values", STRUCT, '{"repeatedListValue": [[1, "a"], []]}',
           "repeated_list_value { values { number_value: 1 } values { string_value: 'a' } } repeated_list_value {}"),
    parses("in empty struct", STRUCT, '{"optionalStruct": {}}', "optional_struct {}"),
    rejects("in struct as an array", STRUCT, '{"optionalStruct": [1]}'),
    rejects("in list value as an object", STRUCT, '{"repeatedListValue": [{}]}'),
    # ---- input: wrappers ---------------------------------------------------------------------------------
    parses("in wrappers as bare values", WRAP,
           '{"optionalInt32Wrapper": 0, "optionalInt64Wrapper": "5", "optionalUint64Wrapper": "18446744073709551615", '
           '"optionalBoolWrapper": false, "optionalStringWrapper": "", "optionalBytesWrapper": "AQI=", '
           '"optionalFloatWrapper": "NaN", "optionalDoubleWrapper": 1.5, "optionalUint32Wrapper": 1e1, "repeatedInt32Wrapper": [1, 0]}',
           "optional_int32_wrapper {} optional_int64_wrapper { value: 5 } optional_uint64_wrapper { value: 18446744073709551615 } "
           "optional_bool_wrapper {} optional_string_wrapper {} optional_bytes_wrapper { value: '\\001\\002' } "
           "optional_float_wrapper { value: nan } optional_double_wrapper { value: 1.5 } optional_uint32_wrapper { value: 10 } "
           "repeated_int32_wrapper { value: 1 } repeated_int32_wrapper {}",
           json_out={"optionalInt32Wrapper": 0, "optionalInt64Wrapper": "5", "optionalUint64Wrapper": "18446744073709551615",
                     "optionalBoolWrapper": False, "optionalStringWrapper": "", "optionalBytesWrapper": "AQI=",
                     "optionalFloatWrapper": "NaN", "optionalDoubleWrapper": 1.5, "optionalUint32Wrapper": 10,
                     "repeatedInt32Wrapper": [1, 0]}),
    rejects("in wrapper as an object", WRAP, '{"optionalInt32Wrapper": {"value": 5}}'),
    rejects("in wrapper of the wrong kind", WRAP, '{"optionalBoolWrapper": "yes"}'),
    rejects("in repeated wrapper null element", WRAP, '{"repeatedInt32Wrapper": [1, null]}'),
    # ---- input: syntax -----------------------------------------------------------------------------------
    parses("in empty object", SYNTAX, "{}", ""),
    parses("in surrounding whitespace", SYNTAX, ' \n\t{ "optionalInt32" : 1 } \r\n', "optional_int32: 1"),
    rejects("in empty input", SYNTAX, ""),
    rejects("in truncated object", SYNTAX, '{"optionalInt32": 1'),
    rejects("in top-level array", SYNTAX, "[]",
            python={"outcome": {"text": ""}, "note": "json_format takes a top-level empty array as an empty message"}),
    rejects("in top-level number", SYNTAX, "1"),
    rejects("in trailing comma", SYNTAX, '{"optionalInt32": 1,}'),
    rejects("in trailing comma in array", SYNTAX, '{"repeatedInt32": [1,]}'),
    rejects("in single quotes", SYNTAX, "{'optionalInt32': 1}"),
    rejects("in unquoted key", SYNTAX, "{optionalInt32: 1}"),
    rejects("in comment", SYNTAX, '{/* c */ "optionalInt32": 1}'),
    rejects("in trailing garbage", SYNTAX, '{"optionalInt32": 1} x'),
    rejects("in two objects", SYNTAX, "{}{}"),
    rejects("in missing colon", SYNTAX, '{"optionalInt32" 1}'),
    rejects("in number with plus sign", SYNTAX, '{"optionalInt32": +1}'),
    rejects("in number with leading dot", SYNTAX, '{"optionalDouble": .5}'),
    # ---- nesting depth -------------------------------------------------------------------------------------
    parses("in nesting 30 deep", DEPTH, '{"recursiveMessage": ' * 30 + "{}" + "}" * 30,
           "recursive_message { " * 30 + "}" * 30),
    rejects("in nesting 200 deep", DEPTH, '{"recursiveMessage": ' * 200 + "{}" + "}" * 200),
    rejects("in value nesting 200 deep", DEPTH, '{"optionalValue": ' + "[" * 200 + "]" * 200 + "}"),
    dict(name="in ignored unknown field nesting 10000 deep", rule=DEPTH, json='{"unknown": ' + "[" * 10000 + "]" * 10000 + "}",
         expect="parse_error", expect_also=[{"text": ""}], ignore_unknown=True),
    # ---- input: proto2 ------------------------------------------------------------------------------------
    parses("in proto2 extension", "extensions by [full.name]", f'{{"[{P2}extension_int32]": 5}}',
           f"[{P2}extension_int32]: 5", type="proto2", json_out={f"[{P2}extension_int32]": 5}),
    rejects("in proto2 unknown extension", UNKNOWN, f'{{"[{P2}no_such_extension]": 5}}', type="proto2"),
    parses("in proto2 group", "groups by their field name", '{"data": {"groupInt32": 1}}', "data { group_int32: 1 }", type="proto2"),
    parses("in proto2 default value present", "proto2 presence", '{"optionalInt32": 0}', "optional_int32: 0", type="proto2",
           json_out={"optionalInt32": 0}),
    parses("in proto2 unknown enum name ignored", UNKNOWN, '{"optionalNestedEnum": "NOT_A_VALUE"}', "", type="proto2",
           ignore_unknown=True),
]
