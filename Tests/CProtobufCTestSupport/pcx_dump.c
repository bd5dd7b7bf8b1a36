// pcx_dump.c: a descriptor-driven canonical text dump of any protobuf-c message.
//
// The Swift dumper in Tests/ProtoWireTests/CrossCheckDump.swift writes the same text:
//
//   message  = "{" field* ["u;"] "}"            fields in field-number order; "u;" if unknown fields
//   field    = number "=" value ";"             singular (present only, see below)
//            | number "=[" (value ",")* "];"    repeated, non-empty
//            | number "=<" entry* ">;"          map, non-empty; entries sorted bytewise
//   entry    = value ":" value ","              key and value always written
//   value    = decimal integer | "e" decimal (enum) | "T" | "F"
//            | "f" 8 hex digits (float bits) | "d" 16 hex digits (double bits)
//            | "s" hex (string UTF-8) | "b" hex (bytes) | message
//
// Presence: proto3 implicit fields are written when not zero (floats: bit pattern not zero,
// so -0.0 counts), message fields when set, oneof members when their case is set, proto2
// optional fields when has_ is set (strings and messages: pointer set and not the default),
// required fields always.
#include <stdlib.h>
#include <string.h>

#include "pcx_internal.h"

static void dump_message(PCXText *t, const ProtobufCMessage *m);

static void dump_hex(PCXText *t, char prefix, const uint8_t *p, size_t n) {
    static const char digits[] = "0123456789abcdef";
    char pair[2];
    pcx_text_append(t, &prefix, 1);
    for (size_t i = 0; i < n; i++) {
        pair[0] = digits[p[i] >> 4];
        pair[1] = digits[p[i] & 15];
        pcx_text_append(t, pair, 2);
    }
}

/// Writes one value of `type` stored at `member`.
static void dump_value(PCXText *t, const ProtobufCFieldDescriptor *f, const void *member) {
    switch (f->type) {
    case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_SINT32: case PROTOBUF_C_TYPE_SFIXED32:
        pcx_text_printf(t, "%d", *(const int32_t *)member);
        break;
    case PROTOBUF_C_TYPE_UINT32: case PROTOBUF_C_TYPE_FIXED32:
        pcx_text_printf(t, "%u", *(const uint32_t *)member);
        break;
    case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64:
        pcx_text_printf(t, "%lld", (long long)*(const int64_t *)member);
        break;
    case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64:
        pcx_text_printf(t, "%llu", (unsigned long long)*(const uint64_t *)member);
        break;
    case PROTOBUF_C_TYPE_FLOAT: {
        uint32_t bits;
        memcpy(&bits, member, 4);
        pcx_text_printf(t, "f%08x", bits);
        break;
    }
    case PROTOBUF_C_TYPE_DOUBLE: {
        uint64_t bits;
        memcpy(&bits, member, 8);
        pcx_text_printf(t, "d%016llx", (unsigned long long)bits);
        break;
    }
    case PROTOBUF_C_TYPE_BOOL:
        pcx_text_puts(t, *(const protobuf_c_boolean *)member ? "T" : "F");
        break;
    case PROTOBUF_C_TYPE_ENUM:
        pcx_text_printf(t, "e%d", *(const int32_t *)member);
        break;
    case PROTOBUF_C_TYPE_STRING: {
        const char *s = *(char *const *)member;
        dump_hex(t, 's', (const uint8_t *)(s ? s : ""), s ? strlen(s) : 0);
        break;
    }
    case PROTOBUF_C_TYPE_BYTES: {
        const ProtobufCBinaryData *b = member;
        dump_hex(t, 'b', b->data, b->data ? b->len : 0);
        break;
    }
    case PROTOBUF_C_TYPE_MESSAGE: {
        const ProtobufCMessage *sub = *(ProtobufCMessage *const *)member;
        if (sub) {
            dump_message(t, sub);
        } else {
            pcx_text_puts(t, "{}");
        }
        break;
    }
    }
}

/// Whether a proto3 implicit-presence field differs from zero.
static int implicit_is_set(const ProtobufCFieldDescriptor *f, const void *member) {
    switch (f->type) {
    case PROTOBUF_C_TYPE_STRING: {
        const char *s = *(char *const *)member;
        return s != NULL && s[0] != 0;
    }
    case PROTOBUF_C_TYPE_BYTES: return ((const ProtobufCBinaryData *)member)->len != 0;
    case PROTOBUF_C_TYPE_MESSAGE: return *(void *const *)member != NULL;
    default: {
        // Bit pattern, not ==, so that -0.0 counts as set.
        uint8_t zero[8] = {0};
        return memcmp(member, zero, pcx_element_size(f->type)) != 0;
    }
    }
}

/// Whether a singular field is present, per the rules in the header comment.
static int is_present(const ProtobufCMessage *m, const ProtobufCFieldDescriptor *f) {
    const char *base = (const char *)m;
    const void *member = base + f->offset;
    if (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF) {
        return *(const uint32_t *)(base + f->quantifier_offset) == f->id;
    }
    switch (f->label) {
    case PROTOBUF_C_LABEL_REQUIRED: return 1;
    case PROTOBUF_C_LABEL_NONE: return implicit_is_set(f, member);
    case PROTOBUF_C_LABEL_OPTIONAL:
        if (f->type == PROTOBUF_C_TYPE_STRING || f->type == PROTOBUF_C_TYPE_MESSAGE) {
            const void *p = *(void *const *)member;
            return p != NULL && p != f->default_value;
        }
        return *(const protobuf_c_boolean *)(base + f->quantifier_offset);
    case PROTOBUF_C_LABEL_REPEATED: return 0;
    }
    return 0;
}

static int compare_strings(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/// Writes a map field: every entry as "key:value,", sorted so that entry order does not matter.
static void dump_map(PCXText *t, const ProtobufCFieldDescriptor *f, size_t n, ProtobufCMessage *const *entries) {
    const ProtobufCMessageDescriptor *d = f->descriptor;
    char **texts = calloc(n, sizeof(char *));
    if (texts == NULL) {
        t->failed = 1;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        PCXText e = {0};
        const char *base = (const char *)entries[i];
        dump_value(&e, &d->fields[0], base + d->fields[0].offset);
        pcx_text_puts(&e, ":");
        dump_value(&e, &d->fields[1], base + d->fields[1].offset);
        pcx_text_puts(&e, ",");
        if (e.failed) t->failed = 1;
        texts[i] = (char *)e.data;
    }
    if (!t->failed) {
        qsort(texts, n, sizeof(char *), compare_strings);
        for (size_t i = 0; i < n; i++) pcx_text_puts(t, texts[i]);
    }
    for (size_t i = 0; i < n; i++) free(texts[i]);
    free(texts);
}

static void dump_message(PCXText *t, const ProtobufCMessage *m) {
    const ProtobufCMessageDescriptor *d = m->descriptor;
    const char *base = (const char *)m;
    pcx_text_puts(t, "{");
    for (unsigned i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        if (f->label == PROTOBUF_C_LABEL_REPEATED) {
            size_t n = *(const size_t *)(base + f->quantifier_offset);
            if (n == 0) continue;
            const char *array = *(char *const *)(base + f->offset);
            int map = f->type == PROTOBUF_C_TYPE_MESSAGE && pcx_is_map_entry(f->descriptor);
            pcx_text_printf(t, "%u=%s", f->id, map ? "<" : "[");
            if (map) {
                dump_map(t, f, n, (ProtobufCMessage *const *)array);
            } else {
                size_t width = pcx_element_size(f->type);
                for (size_t k = 0; k < n; k++) {
                    dump_value(t, f, array + k * width);
                    pcx_text_puts(t, ",");
                }
            }
            pcx_text_puts(t, map ? ">;" : "];");
        } else if (is_present(m, f)) {
            pcx_text_printf(t, "%u=", f->id);
            dump_value(t, f, base + f->offset);
            pcx_text_puts(t, ";");
        }
    }
    if (m->n_unknown_fields > 0) pcx_text_puts(t, "u;");
    pcx_text_puts(t, "}");
}

int pcx_dump(const void *message, PCXBuffer *out) {
    PCXText t = {0};
    dump_message(&t, message);
    if (t.failed) {
        free(t.data);
        out->data = NULL;
        out->len = 0;
        return -1;
    }
    out->data = t.data;
    out->len = t.len;
    return 0;
}
