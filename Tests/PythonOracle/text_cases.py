# text_cases.py: the text format cases of Google's TextFormatConformanceTestSuite (facts, restated), plus our edge cases.
"""Each case is (name, message, input, expect):

  message   "proto3" (TestAllTypesProto3) or "proto2" (TestAllTypesProto2)
  expect    VALID            the input parses; it means what it says (Python's parse of the
                             input is the reference, standing in for C++'s)
            ("as", text)     the input parses and means `text` (Python parses `text`)
            FAIL             the input must be a parse error

The names are those of the conformance suite's tests for the schemas in ../shared/conformance
(test names without the Required./Recommended. prefix); "Edge." cases are ours. Unknown-field
printing cases are built in text_oracle.py from UnknownToTestAllTypes messages."""

VALID = "valid"
FAIL = "fail"


def _cases():
    c = [("HelloWorld", "proto3", "optional_string: 'Hello, World!'", VALID)]
    ints = [
        ("Int32FieldMaxValue", "optional_int32: 2147483647"), ("Int32FieldMinValue", "optional_int32: -2147483648"),
        ("Uint32FieldMaxValue", "optional_uint32: 4294967295"), ("Int64FieldMaxValue", "optional_int64: 9223372036854775807"),
        ("Int64FieldMinValue", "optional_int64: -9223372036854775808"),
        ("Uint64FieldMaxValue", "optional_uint64: 18446744073709551615"),
    ]
    c += [(n, "proto3", t, VALID) for n, t in ints]
    hex_oct = [
        ("Int32FieldMaxValueHex", "optional_int32: 0x7FFFFFFF", "optional_int32: 2147483647"),
        ("Int32FieldMinValueHex", "optional_int32: -0x80000000", "optional_int32: -2147483648"),
        ("Uint32FieldMaxValueHex", "optional_uint32: 0xFFFFFFFF", "optional_uint32: 4294967295"),
        ("Int64FieldMaxValueHex", "optional_int64: 0x7FFFFFFFFFFFFFFF", "optional_int64: 9223372036854775807"),
        ("Int64FieldMinValueHex", "optional_int64: -0x8000000000000000", "optional_int64: -9223372036854775808"),
        ("Uint64FieldMaxValueHex", "optional_uint64: 0xFFFFFFFFFFFFFFFF", "optional_uint64: 18446744073709551615"),
        ("Int32FieldMaxValueOctal", "optional_int32: 017777777777", "optional_int32: 2147483647"),
        ("Int32FieldMinValueOctal", "optional_int32: -020000000000", "optional_int32: -2147483648"),
        ("Uint32FieldMaxValueOctal", "optional_uint32: 037777777777", "optional_uint32: 4294967295"),
        ("Int64FieldMaxValueOctal", "optional_int64: 0777777777777777777777", "optional_int64: 9223372036854775807"),
        ("Int64FieldMinValueOctal", "optional_int64: -01000000000000000000000", "optional_int64: -9223372036854775808"),
        ("Uint64FieldMaxValueOctal", "optional_uint64: 01777777777777777777777", "optional_uint64: 18446744073709551615"),
    ]
    c += [(n, "proto3", t, ("as", e)) for n, t, e in hex_oct]
    too_big = [
        ("Int32FieldTooLarge", "optional_int32: 2147483648"), ("Int32FieldTooSmall", "optional_int32: -2147483649"),
        ("Uint32FieldTooLarge", "optional_uint32: 4294967296"), ("Int64FieldTooLarge", "optional_int64: 9223372036854775808"),
        ("Int64FieldTooSmall", "optional_int64: -9223372036854775809"),
        ("Uint64FieldTooLarge", "optional_uint64: 18446744073709551616"),
        ("Int32FieldTooLargeHex", "optional_int32: 0x80000000"), ("Int32FieldTooSmallHex", "optional_int32: -0x80000001"),
        ("Uint32FieldTooLargeHex", "optional_uint32: 0x100000000"),
        ("Int64FieldTooLargeHex", "optional_int64: 0x8000000000000000"),
        ("Int64FieldTooSmallHex", "optional_int64: -0x8000000000000001"),
        ("Uint64FieldTooLargeHex", "optional_uint64: 0x10000000000000000"),
        ("Int32FieldTooLargeOctal", "optional_int32: 020000000000"), ("Int32FieldTooSmallOctal", "optional_int32: -020000000001"),
        ("Uint32FieldTooLargeOctal", "optional_uint32: 040000000000"),
        ("Int64FieldTooLargeOctal", "optional_int64: 01000000000000000000000"),
        ("Int64FieldTooSmallOctal", "optional_int64: -01000000000000000000001"),
        ("Uint64FieldTooLargeOctal", "optional_uint64: 02000000000000000000000"),
    ]
    c += [(n, "proto3", t, FAIL) for n, t in too_big]
    for suffix in ["", "f", "F"]:
        ns = "_" + suffix if suffix else ""
        for name, value, expect in [
            ("FloatField", "3.192837", VALID), ("FloatFieldZero", "0", ("as", "")),
            ("FloatFieldNegative", "-3.192837", VALID), ("FloatFieldWithVeryPreciseNumber", "3.123456789123456789", VALID),
            ("FloatFieldMaxValue", "3.4028235e+38", VALID), ("FloatFieldMinValue", "1.17549e-38", VALID),
            ("FloatFieldWithInt32Max", "4294967296", VALID), ("FloatFieldLargerThanInt64", "9223372036854775808", VALID),
            ("FloatFieldTooLarge", "3.4028235e+39", VALID), ("FloatFieldTooSmall", "1.17549e-39", VALID),
            ("FloatFieldLargerThanUint64", "18446744073709551616", VALID),
            ("FloatFieldNegativeZero", "-0", VALID), ("FloatFieldNoLeadingZero", ".123", VALID),
            ("FloatFieldNegativeNoLeadingZero", "-.123", VALID), ("FloatFieldNoLeadingZeroWithExponent", ".123e2", VALID),
        ]:
            c.append((name + ns, "proto3", f"optional_float: {value}{suffix}", expect))
    c += [(f"FloatFieldValue_{v}", "proto3", f"optional_float: {v}", VALID) for v in ["nan", "NaN", "nAn"]]
    for v in ["inf", "infinity", "INF", "INFINITY", "iNF", "inFINITY"]:
        c.append((f"FloatFieldValue_Pos{v}", "proto3", f"optional_float: {v}", VALID))
        c.append((f"FloatFieldValue_Neg{v}", "proto3", f"optional_float: -{v}", VALID))
    c += [
        ("FloatFieldNoHex", "proto3", "optional_float: 0x1", FAIL),
        ("FloatFieldNoNegativeHex", "proto3", "optional_float: -0x1", FAIL),
        ("FloatFieldNoOctal", "proto3", "optional_float: 012", FAIL),
        ("FloatFieldNoNegativeOctal", "proto3", "optional_float: -012", FAIL),
        ("FloatFieldOverflowInfinity", "proto3", "optional_float: 1e50", ("as", "optional_float: inf")),
        ("FloatFieldOverflowNegativeInfinity", "proto3", "optional_float: -1e50", ("as", "optional_float: -inf")),
        ("DoubleFieldOverflowInfinity", "proto3", "optional_double: 1e9999", ("as", "optional_double: inf")),
        ("DoubleFieldOverflowNegativeInfinity", "proto3", "optional_double: -1e9999", ("as", "optional_double: -inf")),
        ("FloatFieldOverflowInfinityHugeExponent", "proto3", "optional_float: 1e18446744073709551616", ("as", "optional_float: inf")),
        ("DoubleFieldOverflowInfinityHugeExponent", "proto3", "optional_double: 1e18446744073709551616", ("as", "optional_double: inf")),
        ("DoubleFieldLargeNegativeExponentParsesAsZero", "proto3", "optional_double: 1e-18446744073709551616", ("as", "")),
        ("NegDoubleFieldLargeNegativeExponentParsesAsNegZero", "proto3", "optional_double: -1e-18446744073709551616",
         ("as", "optional_double: -0")),
        ("FloatFieldLargeNegativeExponentParsesAsZero", "proto3", "optional_float: 1e-50", ("as", "")),
        ("NegFloatFieldLargeNegativeExponentParsesAsNegZero", "proto3", "optional_float: -1e-50", ("as", "optional_float: -0")),
    ]
    for ftype, field in [("String", "optional_string"), ("Bytes", "optional_bytes")]:
        c += [
            (f"StringLiteralConcat{ftype}", "proto3", f"{field}: 'first' \"second\"\n'third'", VALID),
            # C++ reads \? as '?'; Python keeps the backslash, so the reference spells it '?'.
            (f"StringLiteralBasicEscapes{ftype}", "proto3", f"{field}: '\\a\\b\\f\\n\\r\\t\\v\\?\\\\\\'\\\"'",
             ("as", f"{field}: '\\a\\b\\f\\n\\r\\t\\v?\\\\\\'\\\"'")),
            (f"StringLiteralOctalEscapes{ftype}", "proto3", f"{field}: '\\341\\210\\264'", VALID),
            (f"StringLiteralHexEscapes{ftype}", "proto3", f"{field}: '\\xe1\\x88\\xb4'", VALID),
            (f"StringLiteralShortUnicodeEscape{ftype}", "proto3", f"{field}: '\\u1234'", VALID),
            (f"StringLiteralLongUnicodeEscapes{ftype}", "proto3", f"{field}: '\\U00001234\\U00010437'", VALID),
            (f"StringLiteralIncludesLF{ftype}", "proto3", f"{field}: 'first line\nsecond line'", FAIL),
            (f"StringLiteralLongUnicodeEscapeTooLarge{ftype}", "proto3", f"{field}: '\\U00110000'", FAIL),
            (f"StringLiteralShortUnicodeEscapeSurrogatePair{ftype}", "proto3", f"{field}: '\\ud801\\udc37'", FAIL),
            (f"StringLiteralShortUnicodeEscapeSurrogateFirstOnly{ftype}", "proto3", f"{field}: '\\ud800'", FAIL),
            (f"StringLiteralShortUnicodeEscapeSurrogateSecondOnly{ftype}", "proto3", f"{field}: '\\udc00'", FAIL),
            (f"StringLiteralLongUnicodeEscapeSurrogateFirstOnly{ftype}", "proto3", f"{field}: '\\U0000d800'", FAIL),
            (f"StringLiteralLongUnicodeEscapeSurrogateSecondOnly{ftype}", "proto3", f"{field}: '\\U0000dc00'", FAIL),
            (f"StringLiteralLongUnicodeEscapeSurrogatePair{ftype}", "proto3", f"{field}: '\\U0000d801\\U00000dc37'", FAIL),
            (f"StringLiteralUnicodeEscapeSurrogatePairLongShort{ftype}", "proto3", f"{field}: '\\U0000d801\\udc37'", FAIL),
            (f"StringLiteralUnicodeEscapeSurrogatePairShortLong{ftype}", "proto3", f"{field}: '\\ud801\\U0000dc37'", FAIL),
            (f"{ftype}FieldBadUTF8Octal", "proto3", f"{field}: '\\300'", FAIL if ftype == "String" else VALID),
            (f"{ftype}FieldBadUTF8Hex", "proto3", f"{field}: '\\xc0'", FAIL if ftype == "String" else VALID),
        ]
    for kind, value in [("string", '"abc"'), ("bytes", '"abc"'), ("int32", "123"), ("bool", "true"),
                        ("double", "1.23"), ("fixed32", "0x123")]:
        for shape in ["Single", "Repeated"]:
            field = f"optional_{kind}" if shape == "Single" else f"repeated_{kind}"
            v = value if shape == "Single" else f"[{value}]"
            c += [
                (f"FieldSeparatorCommaTopLevel{shape}_{kind}", "proto3", f"{field}: {v},", VALID),
                (f"FieldSeparatorSemiTopLevelSingle{shape}_{kind}", "proto3", f"{field}: {v};", VALID),
                (f"FieldSeparatorCommaTopLevelDuplicatesFails{shape}_{kind}", "proto3", f"{field}: {v},,", FAIL),
                (f"FieldSeparatorSemiTopLevelDuplicateFails{shape}_{kind}", "proto3", f"{field}: {v};;", FAIL),
            ]
        rep = f"repeated_{kind}"
        c += [
            (f"ListSeparator_{kind}", "proto3", f"{rep}: [{value},{value}]", VALID),
            (f"ListSeparatorSemiFails_{kind}", "proto3", f"{rep}: [{value};{value}]", FAIL),
            (f"ListSeparatorMissingIsOneValue_{kind}" if kind in ("string", "bytes") else f"ListSeparatorMissingFails_{kind}",
             "proto3", f"{rep}: [{value} {value}]", VALID if kind in ("string", "bytes") else FAIL),
            (f"ListSeparatorDuplicateFails_{kind}", "proto3", f"{rep}: [{value},,{value}]", FAIL),
            (f"ListSeparatorSingleTrailingFails_{kind}", "proto3", f"{rep}: [{value},]", FAIL),
            (f"ListSeparatorTwoValuesTrailingFails_{kind}", "proto3", f"{rep}: [{value},{value},]", FAIL),
        ]
    c += [
        ("FieldSeparatorCommaNested", "proto3", "optional_nested_message: { a: 123, }", VALID),
        ("FieldSeparatorSemiNested", "proto3", "optional_nested_message: { a: 123; }", VALID),
        ("FieldSeparatorCommaNestedDuplicates", "proto3", "optional_nested_message: { a: 123,, }", FAIL),
        ("FieldSeparatorSemiNestedDuplicates", "proto3", "optional_nested_message: { a: 123;; }", FAIL),
        ("AlphabeticallySortedMapStringKeys", "proto3",
         'map_string_string { key: "a" value: "value" } map_string_string { key: "b" value: "value" } '
         'map_string_string { key: "c" value: "value" }', VALID),
        ("AlphabeticallySortedMapIntKeys", "proto3",
         "map_int32_int32 { key: 1 value: 0 } map_int32_int32 { key: 2 value: 0 } map_int32_int32 { key: 3 value: 0 }", VALID),
        ("AlphabeticallySortedMapBoolKeys", "proto3",
         "map_bool_bool { key: false value: false } map_bool_bool { key: true value: false }", VALID),
        ("DuplicateMapKey", "proto3",
         'map_string_nested_message { key: "duplicate" value: { a: 123 } } '
         'map_string_nested_message { key: "duplicate" value: { corecursive: {} } }',
         ("as", 'map_string_nested_message { key: "duplicate" value: { corecursive: {} } }')),
        ("AnyField", "proto3",
         "optional_any: {\n  [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3]\n"
         "  { optional_int32: 12345\n  }\n}", VALID),
        ("AnyFieldWithRawBytes", "proto3",
         'optional_any: {\n  type_url:\n  "type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3" value:\n'
         '  "\\b\\271`"\n}', VALID),
        ("AnyFieldWithInvalidType", "proto3", "optional_any: {\n  [type.googleapis.com/unknown] {\n    optional_int32: 12345\n  }\n}", FAIL),
        ("ClosedEnumFieldByNumber", "proto3", "optional_nested_enum: 1", VALID),  # an open enum in proto3
        ("ClosedEnumFieldWithUnknownNumber", "proto3", "optional_nested_enum: 42", VALID),
        ("ClosedEnumFieldByNumber", "proto2", "optional_nested_enum: 1", VALID),
        ("ClosedEnumFieldWithUnknownNumber", "proto2", "optional_nested_enum: 42", FAIL),
        ("GroupFieldNoColon", "proto2", "Data { group_int32: 1 }", VALID),
        ("GroupFieldWithColon", "proto2", "Data: { group_int32: 1 }", VALID),
        ("GroupFieldEmpty", "proto2", "Data {}", VALID),
        ("GroupFieldLowercased", "proto2", "data { group_int32: 1 }", ("as", "Data { group_int32: 1 }")),
    ]
    # Our edge cases: forms the suite does not cover, both directions.
    c += [
        ("Edge.Extension", "proto2", "[protobuf_test_messages.proto2.extension_int32]: 5 optional_int32: 1", VALID),
        ("Edge.ExtensionUnknown", "proto2", "[protobuf_test_messages.proto2.nope]: 5", FAIL),
        ("Edge.NestedAnyInAny", "proto3",
         "optional_any { [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3] { optional_any { "
         "[type.googleapis.com/google.protobuf.Duration] { seconds: 3 nanos: 5 } } } }", VALID),
        ("Edge.AnyOfWrapper", "proto3", "optional_any { [type.googleapis.com/google.protobuf.Int32Value] { value: 7 } }", VALID),
        ("Edge.AngleBracketsAndComments", "proto3", "# c\noptional_nested_message < a: 1 # x\n corecursive < optional_int32: 2 > >", VALID),
        ("Edge.MapMessageValues", "proto3", "map_string_nested_message [{ key: 'b' value { a: 2 } }, { key: 'a' }]", VALID),
        ("Edge.ListOfMessages", "proto3", "repeated_nested_message: [{ a: 1 }, < a: 2 >, {}]", VALID),
        ("Edge.EmptyList", "proto3", "repeated_int32: [] optional_int32: 1", VALID),
        ("Edge.NegativeEnumAndAlias", "proto3", "optional_nested_enum: NEG optional_aliased_enum: ALIAS_BAZ", VALID),
        ("Edge.EnumUnknownName", "proto3", "optional_nested_enum: NOPE", FAIL),
        ("Edge.OneofLast", "proto3", "oneof_uint32: 1", VALID),
        ("Edge.OneofTwoMembers", "proto3", "oneof_uint32: 1 oneof_string: 'x'", FAIL),
        ("Edge.SingularTwice", "proto3", "optional_int32: 1 optional_int32: 2", FAIL),
        ("Edge.UnknownFieldName", "proto3", "no_such_field: 1", FAIL),
        ("Edge.NegativeZeroDouble", "proto3", "optional_double: -0", VALID),
        ("Edge.DoubleForms", "proto3", "repeated_double: [1, -2.5e-300, 1.7976931348623157e308, inf, -inf, 5e-324, 0.1]", VALID),
        ("Edge.BoolForms", "proto3", "repeated_bool: [true, false, True, False, t, f, 1, 0]", VALID),
        ("Edge.Utf8AsIs", "proto3", "optional_string: 'héllo 😀 日本'", VALID),
        ("Edge.BytesAllEscapes", "proto3", "optional_bytes: '\\000\\001\\177\\200\\377\\\"\\'\\\\ \\x0'", VALID),
        ("Edge.Int64Extremes", "proto3", "repeated_int64: [-9223372036854775808, 9223372036854775807] repeated_sint64: [-1, 1]", VALID),
        ("Edge.FixedAndSfixed", "proto3", "optional_fixed64: 0xFFFFFFFFFFFFFFFF optional_sfixed32: -2147483648 optional_sfixed64: -1", VALID),
        ("Edge.Proto2Required", "proto2", "optional_nested_message { a: 1 }", VALID),
        ("Edge.Proto2DefaultFieldsPresent", "proto2", "optional_int32: 0 optional_string: '' default_int32: 0", VALID),
        ("Edge.WellKnownFields", "proto3", "optional_timestamp { seconds: 1 } optional_struct { fields { key: 'a' value { number_value: 1 } } }", VALID),
        ("Edge.ColonBeforeList", "proto3", "repeated_nested_message [{a: 1}]", VALID),
        ("Edge.ScalarWithoutColon", "proto3", "optional_int32 1", FAIL),
    ]
    return c


CASES = _cases()
