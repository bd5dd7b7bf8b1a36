// pcx_glue.c: unpack, pack and free through protobuf-c, plus the small helpers the other files share.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcx_internal.h"
#include "generated/test_types2.pb-c.h"
#include "generated/test_types3.pb-c.h"

const ProtobufCMessageDescriptor *pcx_descriptor(PCXSchema schema) {
    switch (schema) {
    case PCX_SCHEMA_ALL_TYPES3: return &protohttp__test__test_all_types3__descriptor;
    case PCX_SCHEMA_ALL_TYPES2: return &protohttp__test2__test_all_types2__descriptor;
    }
    return NULL;
}

int pcx_is_map_entry(const ProtobufCMessageDescriptor *d) {
    size_t n = strlen(d->name);
    return n > 5 && strcmp(d->name + n - 5, "Entry") == 0 && d->n_fields == 2
        && d->fields[0].id == 1 && strcmp(d->fields[0].name, "key") == 0
        && d->fields[1].id == 2 && strcmp(d->fields[1].name, "value") == 0;
}

size_t pcx_element_size(ProtobufCType type) {
    switch (type) {
    case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_SINT32: case PROTOBUF_C_TYPE_SFIXED32:
    case PROTOBUF_C_TYPE_UINT32: case PROTOBUF_C_TYPE_FIXED32: case PROTOBUF_C_TYPE_ENUM:
        return 4;
    case PROTOBUF_C_TYPE_FLOAT: return sizeof(float);
    case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64:
    case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64:
        return 8;
    case PROTOBUF_C_TYPE_DOUBLE: return sizeof(double);
    case PROTOBUF_C_TYPE_BOOL: return sizeof(protobuf_c_boolean);
    case PROTOBUF_C_TYPE_STRING: return sizeof(char *);
    case PROTOBUF_C_TYPE_BYTES: return sizeof(ProtobufCBinaryData);
    case PROTOBUF_C_TYPE_MESSAGE: return sizeof(ProtobufCMessage *);
    }
    return 0;
}

void pcx_text_append(PCXText *t, const void *bytes, size_t n) {
    if (t->failed) return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (t->len + n + 1 > cap) cap *= 2;
        uint8_t *p = realloc(t->data, cap);
        if (p == NULL) {
            t->failed = 1;
            return;
        }
        t->data = p;
        t->cap = cap;
    }
    if (n > 0) memcpy(t->data + t->len, bytes, n);
    t->len += n;
    t->data[t->len] = 0;
}

void pcx_text_puts(PCXText *t, const char *s) { pcx_text_append(t, s, strlen(s)); }

void pcx_text_printf(PCXText *t, const char *format, ...) {
    char small[64];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(small, sizeof small, format, args);
    va_end(args);
    if (n < 0) {
        t->failed = 1;
        return;
    }
    pcx_text_append(t, small, (size_t)n < sizeof small ? (size_t)n : sizeof small - 1);
}

void pcx_buffer_free(PCXBuffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->len = 0;
}

void *pcx_unpack(PCXSchema schema, const uint8_t *data, size_t len) {
    const ProtobufCMessageDescriptor *d = pcx_descriptor(schema);
    if (d == NULL) return NULL;
    return protobuf_c_message_unpack(d, NULL, len, data);
}

int pcx_pack(const void *message, PCXBuffer *out) {
    const ProtobufCMessage *m = message;
    size_t n = protobuf_c_message_get_packed_size(m);
    out->data = malloc(n ? n : 1);
    out->len = 0;
    if (out->data == NULL) return -1;
    out->len = protobuf_c_message_pack(m, out->data);
    if (out->len != n) {
        pcx_buffer_free(out);
        return -1;
    }
    return 0;
}

void pcx_message_free(void *message) {
    if (message != NULL) protobuf_c_message_free_unpacked(message, NULL);
}
