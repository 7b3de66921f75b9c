/* o6xml: the OPC UA XML encoding of open62541 (v1.5.7, UA_decodeXml and
 * UA_encodeXml) as a filter, for cross-checking uabin's XML encoding and the
 * values of NodeSet2 files (see the Go test beside this directory, run.sh,
 * and build.sh, which builds this program against an open62541 built from
 * its source tarball with UA_ENABLE_XML_ENCODING).
 *
 *   o6xml decode   reads lines "TYPE<TAB>BASE64", BASE64 being the XML of
 *                  one value of the DataType named TYPE (its element, e.g.
 *                  <Int32>5</Int32>), and prints one line per input line
 *                  (see "Results" below).
 *   o6xml value    reads lines "BASE64", BASE64 being the content of the
 *                  <Value> element of a NodeSet2 node, decodes it as a
 *                  Variant (wrapped as <Variant><Value>...</Value></Variant>,
 *                  the form UA_decodeXml reads) and prints one result line.
 *   o6xml encode   reads lines "TYPE<TAB>HEX", HEX being the UA Binary
 *                  encoding of a value of TYPE, decodes it with
 *                  UA_decodeBinary and prints "OK <BASE64 of UA_encodeXml's
 *                  XML>" or "ERR <status>".
 *   o6xml bench [passes] [round_ms] [VECTORS]
 *                  reads from the file VECTORS (default: standard input)
 *                  lines "NAME<TAB>TYPE<TAB>HEX[<TAB>XML]" (the
 *                  workload values W1-W7 in UA Binary, and for some the
 *                  base64 of XML to decode where UA_encodeXml cannot write
 *                  the value, "-" for none), times UA_encodeXml into a
 *                  preallocated buffer and UA_decodeXml + UA_clear of each
 *                  in rounds whose order is shuffled, and prints a header
 *                  "# open62541 v1.5.7 xml ..." and per value and operation
 *                  CSV,NAME,xml_bytes,op,median_ns,min_ns,median_ns,iterations
 *                  (the CSV shape of the binary benchmark; op "enc" or
 *                  "dec+clr"), or "# skip NAME op: status" where open62541
 *                  cannot encode or decode the value.
 *
 * Results of decode and value:
 *   OK <hex>       decoded; hex is the UA Binary encoding of the value
 *   RAW <hex>      decoded, but an ExtensionObject inside kept its XML body
 *                  (open62541 does not know its type, or could not decode
 *                  the body: it then keeps the XML and reports success)
 *   ERR <status>   UA_decodeXml failed, with its status code's name
 *
 * TYPE is the name of a DataType of namespace 0 as open62541 spells it
 * (UA_TYPES[i].typeName, e.g. "Int32", "Argument", "Variant").
 *
 * This is our own code; open62541 is MPL-2.0 and only linked. */
#define _GNU_SOURCE
#include <open62541/types.h>
#include <open62541/types_generated.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* typeByName returns the namespace-0 DataType named name, or NULL. */
static const UA_DataType *typeByName(const char *name) {
    for(size_t i = 0; i < UA_TYPES_COUNT; i++)
        if(strcmp(UA_TYPES[i].typeName, name) == 0)
            return &UA_TYPES[i];
    return NULL;
}

static int hexval(char c) {
    if(c >= '0' && c <= '9') return c - '0';
    if(c >= 'a' && c <= 'f') return c - 'a' + 10;
    if(c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* fromHex decodes hex into out (allocated); false on a malformed string. */
static int fromHex(const char *hex, size_t n, UA_ByteString *out) {
    if(n % 2) return 0;
    if(UA_ByteString_allocBuffer(out, n / 2) != UA_STATUSCODE_GOOD) return 0;
    for(size_t i = 0; i < n / 2; i++) {
        int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
        if(hi < 0 || lo < 0) { UA_ByteString_clear(out); return 0; }
        out->data[i] = (UA_Byte)(hi << 4 | lo);
    }
    return 1;
}

static int fromBase64(const char *b64, size_t n, UA_ByteString *out) {
    UA_String in = {n, (UA_Byte*)(uintptr_t)b64};
    UA_ByteString_init(out);
    if(n == 0) return 1;
    return UA_ByteString_fromBase64(out, &in) == UA_STATUSCODE_GOOD;
}

/* statusText formats a status code as its hex and name: open62541's
 * encoders OR the codes of nested calls, so a name alone can mislead. */
static const char *statusText(UA_StatusCode rc) {
    static char buf[96];
    snprintf(buf, sizeof(buf), "0x%08X(%s)", (unsigned)rc, UA_StatusCode_name(rc));
    return buf;
}

static void printHex(const UA_ByteString *b) {
    for(size_t i = 0; i < b->length; i++) printf("%02x", b->data[i]);
}

/* rawInside reports whether an ExtensionObject in the value p of type t
 * (through structure fields, arrays and Variants) is not decoded: open62541
 * keeps the body of an ExtensionObject whose type it does not know, or
 * whose XML body it cannot decode, as XML and reports success. */
static int rawInside(const void *p, const UA_DataType *t) {
    switch(t->typeKind) {
    case UA_DATATYPEKIND_EXTENSIONOBJECT: {
        const UA_ExtensionObject *eo = (const UA_ExtensionObject*)p;
        if(eo->encoding == UA_EXTENSIONOBJECT_ENCODED_NOBODY) return 0;
        if(eo->encoding < UA_EXTENSIONOBJECT_DECODED) return 1;
        return rawInside(eo->content.decoded.data, eo->content.decoded.type);
    }
    case UA_DATATYPEKIND_VARIANT: {
        const UA_Variant *v = (const UA_Variant*)p;
        if(!v->type) return 0;
        if(UA_Variant_isScalar(v)) return rawInside(v->data, v->type);
        for(size_t i = 0; i < v->arrayLength; i++)
            if(rawInside((const UA_Byte*)v->data + i * v->type->memSize, v->type)) return 1;
        return 0;
    }
    case UA_DATATYPEKIND_STRUCTURE: {
        uintptr_t ptr = (uintptr_t)p;
        for(size_t i = 0; i < t->membersSize; i++) {
            const UA_DataTypeMember *m = &t->members[i];
            const UA_DataType *mt = m->memberType;
            ptr += m->padding;
            if(m->isArray) {
                size_t n = *(const size_t*)ptr;
                const UA_Byte *data = *(UA_Byte* const*)(ptr + sizeof(size_t));
                for(size_t j = 0; j < n; j++)
                    if(rawInside(data + j * mt->memSize, mt)) return 1;
                ptr += sizeof(size_t) + sizeof(void*);
            } else {
                if(rawInside((const void*)ptr, mt)) return 1;
                ptr += mt->memSize;
            }
        }
        return 0;
    }
    default:
        return 0;
    }
}

/* decodeOne decodes xml as a value of type and prints the result line. */
static void decodeOne(const UA_ByteString *xml, const UA_DataType *type) {
    void *v = UA_new(type);
    if(!v) { printf("ERR BadOutOfMemory\n"); return; }
    UA_StatusCode rc = UA_decodeXml(xml, v, type, NULL);
    if(rc != UA_STATUSCODE_GOOD) {
        printf("ERR %s\n", statusText(rc));
        UA_free(v); /* UA_decodeXml cleared it */
        return;
    }
    UA_ByteString bin = UA_BYTESTRING_NULL;
    rc = UA_encodeBinary(v, type, &bin, NULL);
    if(rc != UA_STATUSCODE_GOOD) {
        printf("ERR binary %s\n", statusText(rc));
    } else {
        printf("%s ", rawInside(v, type) ? "RAW" : "OK");
        printHex(&bin);
        printf("\n");
    }
    UA_ByteString_clear(&bin);
    UA_delete(v, type);
}

/* readLineFrom reads one line of any length from in into *buf (without its
 * newline); false at the end of the input. */
static int readLineFrom(FILE *in, char **buf, size_t *cap, size_t *len) {
    ssize_t n = getline(buf, cap, in);
    if(n < 0) return 0;
    while(n > 0 && ((*buf)[n - 1] == '\n' || (*buf)[n - 1] == '\r')) n--;
    (*buf)[n] = 0;
    *len = (size_t)n;
    return 1;
}

/* readLine reads a line of standard input. */
static int readLine(char **buf, size_t *cap, size_t *len) { return readLineFrom(stdin, buf, cap, len); }

static int runDecode(int nodesetValue) {
    char *line = NULL; size_t cap = 0, len = 0;
    static const char pre[] = "<Variant><Value>", post[] = "</Value></Variant>";
    while(readLine(&line, &cap, &len)) {
        const char *b64 = line;
        const UA_DataType *type = &UA_TYPES[UA_TYPES_VARIANT];
        if(!nodesetValue) {
            char *tab = strchr(line, '\t');
            if(!tab) { printf("ERR input line without a tab\n"); continue; }
            *tab = 0;
            type = typeByName(line);
            if(!type) { printf("ERR unknown type %s\n", line); continue; }
            b64 = tab + 1;
        }
        UA_ByteString xml;
        if(!fromBase64(b64, strlen(b64), &xml)) { printf("ERR bad base64\n"); continue; }
        if(nodesetValue) {
            UA_ByteString wrapped;
            if(UA_ByteString_allocBuffer(&wrapped, sizeof(pre) - 1 + xml.length + sizeof(post) - 1) != UA_STATUSCODE_GOOD) {
                printf("ERR BadOutOfMemory\n"); UA_ByteString_clear(&xml); continue;
            }
            memcpy(wrapped.data, pre, sizeof(pre) - 1);
            if(xml.length) memcpy(wrapped.data + sizeof(pre) - 1, xml.data, xml.length);
            memcpy(wrapped.data + sizeof(pre) - 1 + xml.length, post, sizeof(post) - 1);
            UA_ByteString_clear(&xml);
            xml = wrapped;
        }
        decodeOne(&xml, type);
        UA_ByteString_clear(&xml);
    }
    free(line);
    return 0;
}

/* fromBinary decodes the line's hex as a new value of type; NULL (and a
 * printed ERR line when report is set) on failure. */
static void *fromBinary(const char *hex, const UA_DataType *type) {
    UA_ByteString bin;
    if(!fromHex(hex, strlen(hex), &bin)) return NULL;
    void *v = UA_new(type);
    UA_StatusCode rc = v ? UA_decodeBinary(&bin, v, type, NULL) : UA_STATUSCODE_BADOUTOFMEMORY;
    UA_ByteString_clear(&bin);
    if(rc != UA_STATUSCODE_GOOD) { UA_free(v); return NULL; }
    return v;
}

static int runEncode(void) {
    char *line = NULL; size_t cap = 0, len = 0;
    while(readLine(&line, &cap, &len)) {
        char *tab = strchr(line, '\t');
        if(!tab) { printf("ERR input line without a tab\n"); continue; }
        *tab = 0;
        const UA_DataType *type = typeByName(line);
        if(!type) { printf("ERR unknown type %s\n", line); continue; }
        void *v = fromBinary(tab + 1, type);
        if(!v) { printf("ERR the binary does not decode\n"); continue; }
        UA_ByteString xml = UA_BYTESTRING_NULL;
        UA_StatusCode rc = UA_encodeXml(v, type, &xml, NULL);
        if(rc != UA_STATUSCODE_GOOD) {
            printf("ERR %s\n", statusText(rc));
        } else {
            UA_String b64 = UA_STRING_NULL;
            UA_ByteString_toBase64(&xml, &b64);
            printf("OK %.*s\n", (int)b64.length, (const char*)b64.data);
            UA_String_clear(&b64);
        }
        UA_ByteString_clear(&xml);
        UA_delete(v, type);
    }
    free(line);
    return 0;
}

/* ------------------------------------------------------------------ */
/* bench */

static uint64_t nowNs(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int cmpDouble(const void *a, const void *b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

typedef struct {
    char name[64];
    const UA_DataType *type;
    void *value;
    UA_ByteString xml;  /* UA_encodeXml's encoding of value */
    UA_ByteString buf;  /* preallocated output of the timed encode */
    int op;             /* 0 enc, 1 dec+clr */
    size_t iters;       /* iterations per round, calibrated */
    double *ns, *cpu;   /* per pass: ns/op, CPU ns/op */
} Cell;

static volatile uint64_t sink;

/* runCell times one round of cell c: iters operations. */
static void runCell(Cell *c, size_t pass) {
    uint64_t t0 = nowNs(CLOCK_MONOTONIC), c0 = nowNs(CLOCK_PROCESS_CPUTIME_ID);
    if(c->op == 0) {
        for(size_t i = 0; i < c->iters; i++) {
            UA_ByteString out = c->buf;
            UA_encodeXml(c->value, c->type, &out, NULL);
            sink += out.length;
        }
    } else {
        void *v = UA_new(c->type);
        for(size_t i = 0; i < c->iters; i++) {
            UA_decodeXml(&c->xml, v, c->type, NULL);
            UA_clear(v, c->type);
        }
        UA_delete(v, c->type);
    }
    uint64_t t1 = nowNs(CLOCK_MONOTONIC), c1 = nowNs(CLOCK_PROCESS_CPUTIME_ID);
    c->ns[pass] = (double)(t1 - t0) / (double)c->iters;
    c->cpu[pass] = (double)(c1 - c0) / (double)c->iters;
}

static int runBench(size_t passes, double roundMs, FILE *in) {
    Cell *cells = NULL; size_t n = 0, capCells = 0;
    char *line = NULL; size_t cap = 0, len = 0;
    printf("# open62541 v1.5.7 xml: UA_encodeXml into a preallocated buffer (enc), UA_decodeXml + UA_clear (dec+clr); %zu passes, rounds of %.1f ms\n",
           passes, roundMs);
    while(readLineFrom(in, &line, &cap, &len)) {
        if(len == 0 || line[0] == '#') continue;
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        if(!t2) { fprintf(stderr, "o6xml bench: malformed vector line\n"); return 2; }
        char *t3 = strchr(t2 + 1, '\t'); /* the optional XML column */
        *t1 = 0; *t2 = 0;
        if(t3) *t3 = 0;
        const UA_DataType *type = typeByName(t1 + 1);
        if(!type) { fprintf(stderr, "o6xml bench: unknown type %s\n", t1 + 1); return 2; }
        void *v = fromBinary(t2 + 1, type);
        if(!v) { fprintf(stderr, "o6xml bench: %s: the binary does not decode\n", line); return 2; }
        UA_ByteString xml = UA_BYTESTRING_NULL;
        UA_StatusCode rc = UA_encodeXml(v, type, &xml, NULL);
        int timeEnc = rc == UA_STATUSCODE_GOOD;
        if(!timeEnc) {
            printf("# skip %s enc: UA_encodeXml %s\n", line, statusText(rc));
            if(!t3 || strcmp(t3 + 1, "-") == 0 || !fromBase64(t3 + 1, strlen(t3 + 1), &xml)) {
                printf("# skip %s dec+clr: no XML to decode\n", line);
                UA_delete(v, type);
                continue;
            }
            printf("# %s dec+clr: decodes the XML of the vector file (uaxml's)\n", line);
        }
        /* The decoder must read the encoder's XML back to the same value. */
        void *back = UA_new(type);
        rc = UA_decodeXml(&xml, back, type, NULL);
        int same = rc == UA_STATUSCODE_GOOD && UA_order(v, back, type) == UA_ORDER_EQ;
        if(rc == UA_STATUSCODE_GOOD) UA_delete(back, type); else UA_free(back);
        size_t before = n;
        for(int op = timeEnc ? 0 : 1; op < 2; op++) {
            if(op == 1 && !same) {
                printf("# skip %s dec+clr: UA_decodeXml %s\n", line,
                       rc != UA_STATUSCODE_GOOD ? statusText(rc) : "reads a different value back");
                continue;
            }
            if(n == capCells) {
                capCells = capCells ? 2 * capCells : 32;
                cells = realloc(cells, capCells * sizeof(Cell));
                if(!cells) return 2;
            }
            Cell *c = &cells[n++];
            memset(c, 0, sizeof(*c));
            snprintf(c->name, sizeof(c->name), "%s", line);
            c->type = type; c->value = v; c->op = op;
            UA_ByteString_copy(&xml, &c->xml);
            UA_ByteString_allocBuffer(&c->buf, xml.length);
            c->ns = calloc(passes, sizeof(double)); c->cpu = calloc(passes, sizeof(double));
        }
        UA_ByteString_clear(&xml);
        if(n == before) UA_delete(v, type); /* no cell times it */
    }
    free(line);
    if(n == 0) { fprintf(stderr, "o6xml bench: no vectors\n"); return 2; }
    /* Calibrate: after a warm-up operation, double the iterations until a
     * round takes roundMs. */
    for(size_t i = 0; i < n; i++) {
        Cell *c = &cells[i];
        c->iters = 1;
        runCell(c, 0);
        for(;;) {
            uint64_t t0 = nowNs(CLOCK_MONOTONIC);
            runCell(c, 0);
            double ms = (double)(nowNs(CLOCK_MONOTONIC) - t0) / 1e6;
            if(ms >= roundMs || c->iters >= (1u << 30)) break;
            c->iters *= 2;
        }
    }
    /* Passes: every cell once per pass, in a shuffled order. */
    size_t *order = malloc(n * sizeof(size_t));
    unsigned seed = 12345;
    for(size_t p = 0; p < passes; p++) {
        for(size_t i = 0; i < n; i++) order[i] = i;
        for(size_t i = n; i > 1; i--) {
            seed = seed * 1103515245u + 12345u;
            size_t j = (seed >> 8) % i, t = order[i - 1];
            order[i - 1] = order[j]; order[j] = t;
        }
        for(size_t i = 0; i < n; i++) runCell(&cells[order[i]], p);
    }
    for(size_t i = 0; i < n; i++) {
        Cell *c = &cells[i];
        qsort(c->ns, passes, sizeof(double), cmpDouble);
        qsort(c->cpu, passes, sizeof(double), cmpDouble);
        printf("CSV,%s,%zu,%s,%.1f,%.1f,%.1f,%zu\n", c->name, c->xml.length, c->op == 0 ? "enc" : "dec+clr",
               c->ns[passes / 2], c->ns[0], c->cpu[passes / 2], c->iters);
    }
    free(order);
    return 0;
}

int main(int argc, char **argv) {
    if(argc >= 2 && strcmp(argv[1], "decode") == 0) return runDecode(0);
    if(argc >= 2 && strcmp(argv[1], "value") == 0) return runDecode(1);
    if(argc >= 2 && strcmp(argv[1], "encode") == 0) return runEncode();
    if(argc >= 2 && strcmp(argv[1], "bench") == 0) {
        size_t passes = argc >= 3 ? (size_t)atoi(argv[2]) : 11;
        double roundMs = argc >= 4 ? atof(argv[3]) : 5;
        if(passes < 1 || roundMs <= 0) { fprintf(stderr, "o6xml bench: passes >= 1, round_ms > 0\n"); return 2; }
        FILE *in = stdin;
        if(argc >= 5 && !(in = fopen(argv[4], "r"))) { perror(argv[4]); return 2; }
        int rc = runBench(passes, roundMs, in);
        if(in != stdin) fclose(in);
        return rc;
    }
    fprintf(stderr, "usage: o6xml decode|value|encode < LINES, o6xml bench [passes] [round_ms] [VECTORS]\n");
    return 2;
}
