// pcx_random.c: a seeded, descriptor-driven random message builder for protobuf-c messages.
//
// protobuf-c constructs these messages independently of the Swift generator. The builder
// reaches every field kind the descriptors describe: integer extremes, NaN, infinities, -0.0
// (except where protobuf-c cannot transmit it, see set_value), empty and long strings with
// multi-byte UTF-8 (never U+0000), empty bytes, repeated fields, maps, every oneof case and
// recursion up to `max_depth`. Map entries get distinct keys sorted in ProtoWire's
// deterministic order, so a deterministic re-encode can match protobuf-c byte for byte.
// Closed (proto2) enums only get declared numbers; open (proto3) ones sometimes others.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcx_internal.h"

typedef struct {
    uint64_t state;
    int open_enums;
    int max_depth;
} Rng;

static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (p == NULL) {
        fputs("pcx_random: out of memory\n", stderr);
        abort();
    }
    return p;
}

/// SplitMix64.
static uint64_t next(Rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t below(Rng *r, uint64_t n) { return n ? next(r) % n : 0; }
static int chance(Rng *r, int percent) { return below(r, 100) < (uint64_t)percent; }

/// 64 random bits biased to the edges of every integer type (truncation gives the 32-bit ones).
static uint64_t integer_bits(Rng *r) {
    static const uint64_t edges[] = {
        0, 1, 2, 127, 128, 255, 16383, 16384, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF,
        0x100000000ull, 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull, 0xFFFFFFFFFFFFFFFFull,
        0xFFFFFFFFFFFFFFFEull, 0xFFFFFFFF80000000ull, 0xFFFFFFFF7FFFFFFFull,
    };
    switch (below(r, 6)) {
    case 0: return edges[below(r, sizeof edges / sizeof edges[0])];
    case 1: return below(r, 300);
    case 2: return (uint64_t)-(int64_t)(below(r, 300) + 1);
    default: return next(r) >> below(r, 64);
    }
}

static uint32_t float_bits(Rng *r) {
    static const uint32_t special[] = {
        0x00000000, 0x80000000, 0x7FC00000, 0xFFC00000, 0x7FC12345, 0x7F800001, 0x7F800000,
        0xFF800000, 0x00000001, 0x80000001, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000,
    };
    switch (below(r, 3)) {
    case 0: return special[below(r, sizeof special / sizeof special[0])];
    case 1: return (uint32_t)next(r);
    default: {
        float f = (float)((int64_t)below(r, 2001) - 1000) / 8.0f;
        uint32_t bits;
        memcpy(&bits, &f, 4);
        return bits;
    }
    }
}

static uint64_t double_bits(Rng *r) {
    static const uint64_t special[] = {
        0, 0x8000000000000000ull, 0x7FF8000000000000ull, 0xFFF8000000000000ull,
        0x7FF8000000012345ull, 0x7FF0000000000001ull, 0x7FF0000000000000ull,
        0xFFF0000000000000ull, 1, 0x8000000000000001ull, 0x0010000000000000ull,
        0x7FEFFFFFFFFFFFFFull, 0xFFEFFFFFFFFFFFFFull, 0x3FF0000000000000ull,
    };
    switch (below(r, 3)) {
    case 0: return special[below(r, sizeof special / sizeof special[0])];
    case 1: return next(r);
    default: {
        double d = (double)((int64_t)below(r, 2001) - 1000) / 16.0;
        uint64_t bits;
        memcpy(&bits, &d, 8);
        return bits;
    }
    }
}

/// A length: mostly short, sometimes empty, sometimes past the 1- and 2-byte length prefixes.
static size_t random_length(Rng *r) {
    uint64_t roll = below(r, 1000);
    if (roll < 250) return 0;
    if (roll < 750) return 1 + below(r, 10);
    if (roll < 950) return 11 + below(r, 120);
    if (roll < 999) return 130 + below(r, 300);
    return 5000 + below(r, 12000);
}

/// Appends one code point (never U+0000, never a surrogate) as UTF-8.
static size_t put_code_point(Rng *r, char *out) {
    uint64_t kind = below(r, 10);
    uint32_t c;
    if (kind < 5) {
        c = 1 + (uint32_t)below(r, 127);
    } else if (kind < 7) {
        c = 0x80 + (uint32_t)below(r, 0x800 - 0x80);
    } else if (kind < 9) {
        do { c = 0x800 + (uint32_t)below(r, 0x10000 - 0x800); } while (c >= 0xD800 && c <= 0xDFFF);
    } else {
        c = 0x10000 + (uint32_t)below(r, 0x110000 - 0x10000);
    }
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18));
    out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

static char *random_string(Rng *r) {
    size_t n = random_length(r);
    char *s = xcalloc(n * 4 + 1, 1);
    size_t at = 0;
    for (size_t i = 0; i < n; i++) at += put_code_point(r, s + at);
    s[at] = 0;
    return s;
}

static ProtobufCBinaryData random_bytes(Rng *r) {
    ProtobufCBinaryData b = {0, NULL};
    b.len = random_length(r);
    if (b.len == 0) return b;
    b.data = xcalloc(b.len, 1);
    for (size_t i = 0; i < b.len; i++) b.data[i] = (uint8_t)next(r);
    return b;
}

static int32_t random_enum(Rng *r, const ProtobufCEnumDescriptor *e) {
    static const int32_t undeclared[] = {5, 100, -2, -100000, 0x7FFFFFFF, (int32_t)0x80000000};
    if (r->open_enums && chance(r, 15)) return undeclared[below(r, sizeof undeclared / sizeof undeclared[0])];
    return e->values[below(r, e->n_values)].value;
}

static ProtobufCMessage *new_message(Rng *r, const ProtobufCMessageDescriptor *d, int depth);

/// Stores one random value of the field's type at `slot`. `implicit` marks proto3
/// implicit-presence storage (including map entry fields), where protobuf-c 1.4.1 treats -0.0
/// as zero and never writes it: there it becomes +0.0, since protobuf-c cannot send it at all.
static void set_value(Rng *r, const ProtobufCFieldDescriptor *f, void *slot, int depth, int implicit) {
    switch (f->type) {
    case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_SINT32: case PROTOBUF_C_TYPE_SFIXED32:
    case PROTOBUF_C_TYPE_UINT32: case PROTOBUF_C_TYPE_FIXED32: {
        uint32_t v = (uint32_t)integer_bits(r);
        memcpy(slot, &v, 4);
        break;
    }
    case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64:
    case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64: {
        uint64_t v = integer_bits(r);
        memcpy(slot, &v, 8);
        break;
    }
    case PROTOBUF_C_TYPE_FLOAT: {
        uint32_t v = float_bits(r);
        if (implicit && v == 0x80000000u) v = 0;
        memcpy(slot, &v, 4);
        break;
    }
    case PROTOBUF_C_TYPE_DOUBLE: {
        uint64_t v = double_bits(r);
        if (implicit && v == 0x8000000000000000ull) v = 0;
        memcpy(slot, &v, 8);
        break;
    }
    case PROTOBUF_C_TYPE_BOOL:
        *(protobuf_c_boolean *)slot = (protobuf_c_boolean)below(r, 2);
        break;
    case PROTOBUF_C_TYPE_ENUM:
        *(int32_t *)slot = random_enum(r, f->descriptor);
        break;
    case PROTOBUF_C_TYPE_STRING:
        *(char **)slot = random_string(r);
        break;
    case PROTOBUF_C_TYPE_BYTES:
        *(ProtobufCBinaryData *)slot = random_bytes(r);
        break;
    case PROTOBUF_C_TYPE_MESSAGE:
        *(ProtobufCMessage **)slot = new_message(r, f->descriptor, depth + 1);
        break;
    }
}

/// Orders map keys as ProtoWire's deterministic encoding does: numerically, false before
/// true, strings bytewise.
static int compare_keys(const ProtobufCFieldDescriptor *k, const ProtobufCMessage *a, const ProtobufCMessage *b) {
    const void *x = (const char *)a + k->offset;
    const void *y = (const char *)b + k->offset;
    switch (k->type) {
    case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_SINT32: case PROTOBUF_C_TYPE_SFIXED32: {
        int32_t p = *(const int32_t *)x, q = *(const int32_t *)y;
        return (p > q) - (p < q);
    }
    case PROTOBUF_C_TYPE_UINT32: case PROTOBUF_C_TYPE_FIXED32: {
        uint32_t p = *(const uint32_t *)x, q = *(const uint32_t *)y;
        return (p > q) - (p < q);
    }
    case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64: {
        int64_t p = *(const int64_t *)x, q = *(const int64_t *)y;
        return (p > q) - (p < q);
    }
    case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64: {
        uint64_t p = *(const uint64_t *)x, q = *(const uint64_t *)y;
        return (p > q) - (p < q);
    }
    case PROTOBUF_C_TYPE_BOOL: {
        int p = *(const protobuf_c_boolean *)x != 0, q = *(const protobuf_c_boolean *)y != 0;
        return p - q;
    }
    case PROTOBUF_C_TYPE_STRING: return strcmp(*(char *const *)x, *(char *const *)y);
    default: return 0;
    }
}

/// Fills a map field with distinct keys in ascending key order.
static void fill_map(Rng *r, const ProtobufCFieldDescriptor *f, char *base, int depth) {
    const ProtobufCMessageDescriptor *entry = f->descriptor;
    size_t n = chance(r, 35) ? 0 : 1 + below(r, chance(r, 80) ? 4 : 16);
    ProtobufCMessage **entries = xcalloc(n, sizeof *entries);
    for (size_t i = 0; i < n; i++) {
        ProtobufCMessage *e = xcalloc(1, entry->sizeof_message);
        entry->message_init(e);
        for (int k = 0; k < 2; k++) {
            const ProtobufCFieldDescriptor *ef = &entry->fields[k];
            char *ebase = (char *)e;
            set_value(r, ef, ebase + ef->offset, depth, ef->label == PROTOBUF_C_LABEL_NONE);
            if (ef->label == PROTOBUF_C_LABEL_OPTIONAL && ef->type != PROTOBUF_C_TYPE_STRING
                && ef->type != PROTOBUF_C_TYPE_MESSAGE) {
                *(protobuf_c_boolean *)(ebase + ef->quantifier_offset) = 1;
            }
        }
        // Insertion sort; an entry whose key is already there is dropped.
        size_t at = i;
        int duplicate = 0;
        while (at > 0) {
            int c = compare_keys(&entry->fields[0], entries[at - 1], e);
            if (c == 0) duplicate = 1;
            if (c <= 0) break;
            at--;
        }
        if (duplicate) {
            protobuf_c_message_free_unpacked(e, NULL);
            n--;
            i--;
            continue;
        }
        memmove(entries + at + 1, entries + at, (i - at) * sizeof *entries);
        entries[at] = e;
    }
    *(size_t *)(base + f->quantifier_offset) = n;
    if (n == 0) {
        free(entries);
        entries = NULL;
    }
    *(ProtobufCMessage ***)(base + f->offset) = entries;
}

static void fill_repeated(Rng *r, const ProtobufCFieldDescriptor *f, char *base, int depth) {
    size_t n;
    if (f->type == PROTOBUF_C_TYPE_MESSAGE && f->descriptor == ((ProtobufCMessage *)base)->descriptor) {
        n = (depth < r->max_depth && chance(r, 25)) ? 1 + below(r, 2) : 0;
    } else {
        uint64_t roll = below(r, 100);
        n = roll < 35 ? 0 : roll < 85 ? 1 + below(r, 3) : roll < 97 ? 4 + below(r, 8) : 12 + below(r, 40);
    }
    *(size_t *)(base + f->quantifier_offset) = n;
    if (n == 0) return;
    size_t width = pcx_element_size(f->type);
    char *array = xcalloc(n, width);
    for (size_t i = 0; i < n; i++) set_value(r, f, array + i * width, depth, 0);
    *(char **)(base + f->offset) = array;
}

/// Whether an earlier field shares this oneof field's case member (so the group was handled).
static int oneof_seen(const ProtobufCMessageDescriptor *d, unsigned index) {
    for (unsigned i = 0; i < index; i++) {
        if ((d->fields[i].flags & PROTOBUF_C_FIELD_FLAG_ONEOF)
            && d->fields[i].quantifier_offset == d->fields[index].quantifier_offset) return 1;
    }
    return 0;
}

static void fill_oneof(Rng *r, const ProtobufCMessageDescriptor *d, unsigned first, char *base, int depth) {
    unsigned members[64];
    unsigned count = 0;
    for (unsigned i = first; i < d->n_fields && count < 64; i++) {
        if ((d->fields[i].flags & PROTOBUF_C_FIELD_FLAG_ONEOF)
            && d->fields[i].quantifier_offset == d->fields[first].quantifier_offset) members[count++] = i;
    }
    if (count == 0 || chance(r, 35)) return;
    const ProtobufCFieldDescriptor *f = &d->fields[members[below(r, count)]];
    if (f->type == PROTOBUF_C_TYPE_MESSAGE && depth >= r->max_depth) return;
    *(uint32_t *)(base + f->quantifier_offset) = f->id;
    set_value(r, f, base + f->offset, depth, 0);
}

static ProtobufCMessage *new_message(Rng *r, const ProtobufCMessageDescriptor *d, int depth) {
    ProtobufCMessage *m = xcalloc(1, d->sizeof_message);
    d->message_init(m);
    char *base = (char *)m;
    int percent = depth == 0 ? 55 : 30;
    for (unsigned i = 0; i < d->n_fields; i++) {
        const ProtobufCFieldDescriptor *f = &d->fields[i];
        if (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF) {
            if (!oneof_seen(d, i)) fill_oneof(r, d, i, base, depth);
            continue;
        }
        if (f->label == PROTOBUF_C_LABEL_REPEATED) {
            if (f->type == PROTOBUF_C_TYPE_MESSAGE && pcx_is_map_entry(f->descriptor)) {
                fill_map(r, f, base, depth);
            } else {
                fill_repeated(r, f, base, depth);
            }
            continue;
        }
        int required = f->label == PROTOBUF_C_LABEL_REQUIRED;
        if (!required && !chance(r, percent)) continue;
        if (!required && f->type == PROTOBUF_C_TYPE_MESSAGE && depth >= r->max_depth) continue;
        if (f->type == PROTOBUF_C_TYPE_MESSAGE && f->descriptor == d && !chance(r, 40)) continue;
        set_value(r, f, base + f->offset, depth, f->label == PROTOBUF_C_LABEL_NONE);
        if (f->label == PROTOBUF_C_LABEL_OPTIONAL && f->type != PROTOBUF_C_TYPE_STRING
            && f->type != PROTOBUF_C_TYPE_MESSAGE) {
            *(protobuf_c_boolean *)(base + f->quantifier_offset) = 1;
        }
    }
    return m;
}

void *pcx_random_message(PCXSchema schema, uint64_t seed, int max_depth) {
    const ProtobufCMessageDescriptor *d = pcx_descriptor(schema);
    if (d == NULL) return NULL;
    Rng r = {seed, schema == PCX_SCHEMA_ALL_TYPES3, max_depth};
    return new_message(&r, d, 0);
}
