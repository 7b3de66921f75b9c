/* o6json: the OPC UA JSON encoding of open62541 (v1.5.7, UA_encodeJson and
 * UA_decodeJson), for cross-checking uabin's uajson package (see the Go
 * test beside this file, and build.sh, which builds this program against an
 * open62541 built from its source tarball).
 *
 *   o6json encode [ns]   one record per case: the case name and type, the
 *                        value's UA Binary encoding (hex) and its JSON. With
 *                        "ns", a namespace table (NAMESPACES below) and a
 *                        server table (SERVERS) are given to the encoder.
 *   o6json decode [ns]   reads lines "TYPE<TAB>JSON" from standard input and
 *                        prints, for each, "OK <hex of the UA Binary encoding
 *                        of the decoded value>" or "ERR <status code name>".
 *   o6json bench [passes] [round_ms]
 *                        times UA_encodeJson into a preallocated buffer and
 *                        UA_decodeJson + UA_clear of every workload case
 *                        (W1-W7), in rounds
 *                        whose order is shuffled, and prints median and
 *                        minimum ns/op per case and operation:
 *                        CSV,name,json_bytes,op,median_ns,min_ns
 *
 * Records of encode: "CASE <name> <type>", "BIN <hex>", "JSON <text>",
 * each on its own line (the JSON of open62541 has no line breaks).
 *
 * The values of W1-W7 are those of the workloads (docs/workloads.md), built
 * the way the reference benchmark (open62541-bench/bench.c) builds them; the
 * other cases are single built-in values that exercise each clause of Part 6
 * §5.4.2. This is our own code; open62541 is MPL-2.0 and only linked. */
#define _GNU_SOURCE
#include <open62541/types.h>
#include <open62541/types_generated.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define T0 ((UA_DateTime)133486382451234567LL) /* 2024-01-02T03:04:05.1234567Z */
#define MS ((UA_DateTime)10000LL)
#define SEC ((UA_DateTime)10000000LL)

static const char *NAMESPACES[] = {"http://opcfoundation.org/UA/", "urn:uabin:ns1",
                                   "http://acme.org/UA/", "urn:uabin:ns3", "urn:uabin:ns4"};
static const char *SERVERS[] = {"urn:uabin:local", "urn:uabin:server1"};

typedef struct {
    const char *name;
    const UA_DataType *type;
    void *value;
} Case;

#define MAXC 128
static Case C[MAXC];
static size_t nC;

static void add(const char *name, const UA_DataType *type, void *value) {
    if(nC == MAXC) { fprintf(stderr, "too many cases\n"); exit(2); }
    C[nC].name = name; C[nC].type = type; C[nC].value = value;
    nC++;
}

static void *newv(const UA_DataType *t) { return UA_new(t); }

static UA_String str(const char *s) {
    UA_String out = UA_STRING_NULL, in = UA_STRING((char*)(uintptr_t)s);
    UA_String_copy(&in, &out);
    return out;
}

static UA_Guid guid(void) {
    UA_Guid g;
    g.data1 = 0x72962B91u; g.data2 = 0xFA75; g.data3 = 0x4AE6;
    const UA_Byte d4[8] = {0x8D, 0x28, 0xB4, 0x04, 0xDC, 0x7D, 0xAF, 0x63};
    memcpy(g.data4, d4, 8);
    return g;
}

#define T(X) (&UA_TYPES[UA_TYPES_##X])

/* W1-W3: the built-in rows of the workloads. */
static void build_w1_w3(void) {
    UA_UInt32 *u = newv(T(UINT32)); *u = 0xDEADBEEFu; add("W1.UInt32", T(UINT32), u);
    UA_Double *d = newv(T(DOUBLE)); *d = 3.141592653589793; add("W1.Double", T(DOUBLE), d);
    UA_String *s = newv(T(STRING)); *s = str("Hello, OPC UA binary world!"); add("W1.String", T(STRING), s);
    UA_ByteString *bs = newv(T(BYTESTRING));
    UA_ByteString_allocBuffer(bs, 64);
    for(size_t i = 0; i < 64; i++) bs->data[i] = (UA_Byte)i;
    add("W1.ByteString", T(BYTESTRING), bs);
    UA_Guid *g = newv(T(GUID)); *g = guid(); add("W1.Guid", T(GUID), g);
    UA_DateTime *dt = newv(T(DATETIME)); *dt = T0; add("W1.DateTime", T(DATETIME), dt);
    UA_NodeId *n;
    n = newv(T(NODEID)); *n = UA_NODEID_NUMERIC(0, 85); add("W1.NodeId.TwoByte", T(NODEID), n);
    n = newv(T(NODEID)); *n = UA_NODEID_NUMERIC(2, 1234); add("W1.NodeId.FourByte", T(NODEID), n);
    n = newv(T(NODEID)); *n = UA_NODEID_NUMERIC(3, 70000); add("W1.NodeId.Numeric", T(NODEID), n);
    n = newv(T(NODEID)); n->namespaceIndex = 2; n->identifierType = UA_NODEIDTYPE_STRING;
    n->identifier.string = str("Demo.Static.Scalar.Double"); add("W1.NodeId.String", T(NODEID), n);
    n = newv(T(NODEID)); *n = UA_NODEID_GUID(4, guid()); add("W1.NodeId.Guid", T(NODEID), n);
    UA_ExpandedNodeId *e = newv(T(EXPANDEDNODEID));
    e->nodeId.identifierType = UA_NODEIDTYPE_STRING; e->nodeId.identifier.string = str("Pump.Speed");
    e->namespaceUri = str("http://example.org/UA/");
    add("W1.ExpandedNodeId", T(EXPANDEDNODEID), e);

    UA_Variant *v;
    UA_Double dd = 3.14; v = newv(T(VARIANT)); UA_Variant_setScalarCopy(v, &dd, T(DOUBLE)); add("W2.Variant.Double", T(VARIANT), v);
    UA_UInt32 uu = 42; v = newv(T(VARIANT)); UA_Variant_setScalarCopy(v, &uu, T(UINT32)); add("W2.Variant.UInt32", T(VARIANT), v);
    UA_String ss = UA_STRING("temperature"); v = newv(T(VARIANT)); UA_Variant_setScalarCopy(v, &ss, T(STRING)); add("W2.Variant.String", T(VARIANT), v);
    UA_Double *arr = (UA_Double*)UA_Array_new(1000, T(DOUBLE));
    for(size_t i = 0; i < 1000; i++) arr[i] = (double)i * 0.5;
    v = newv(T(VARIANT)); UA_Variant_setArray(v, arr, 1000, T(DOUBLE)); add("W2.Variant.Double.1000", T(VARIANT), v);
    UA_Int32 *m = (UA_Int32*)UA_Array_new(6, T(INT32));
    for(int i = 0; i < 6; i++) m[i] = i + 1;
    v = newv(T(VARIANT)); UA_Variant_setArray(v, m, 6, T(INT32));
    v->arrayDimensions = (UA_UInt32*)UA_Array_new(2, T(UINT32));
    v->arrayDimensionsSize = 2; v->arrayDimensions[0] = 2; v->arrayDimensions[1] = 3;
    add("W2.Variant.Int32.2x3", T(VARIANT), v);

    UA_DataValue *dv = newv(T(DATAVALUE));
    UA_Double x = 42.5;
    UA_Variant_setScalarCopy(&dv->value, &x, T(DOUBLE)); dv->hasValue = true;
    dv->status = 0x40000000u; dv->hasStatus = true;
    dv->sourceTimestamp = T0; dv->hasSourceTimestamp = true;
    dv->sourcePicoseconds = 10; dv->hasSourcePicoseconds = true;
    dv->serverTimestamp = T0 + MS; dv->hasServerTimestamp = true;
    dv->serverPicoseconds = 20; dv->hasServerPicoseconds = true;
    add("W3.DataValue.Full", T(DATAVALUE), dv);
}

/* W4-W7: the service messages (structures). */
static void build_w4(size_t N, const char *name) {
    UA_ReadRequest *r = newv(T(READREQUEST));
    UA_RequestHeader *h = &r->requestHeader;
    h->authenticationToken.identifierType = UA_NODEIDTYPE_BYTESTRING;
    UA_ByteString_allocBuffer(&h->authenticationToken.identifier.byteString, 16);
    for(size_t i = 0; i < 16; i++) h->authenticationToken.identifier.byteString.data[i] = (UA_Byte)i;
    h->timestamp = T0; h->requestHandle = 42; h->timeoutHint = 10000;
    r->timestampsToReturn = UA_TIMESTAMPSTORETURN_BOTH;
    r->nodesToRead = (UA_ReadValueId*)UA_Array_new(N, T(READVALUEID));
    r->nodesToReadSize = N;
    char buf[64];
    for(size_t i = 0; i < N; i++) {
        snprintf(buf, sizeof(buf), "Demo.Static.Scalar.Double.%zu", i);
        r->nodesToRead[i].nodeId.namespaceIndex = 2;
        r->nodesToRead[i].nodeId.identifierType = UA_NODEIDTYPE_STRING;
        r->nodesToRead[i].nodeId.identifier.string = str(buf);
        r->nodesToRead[i].attributeId = 13;
    }
    add(name, T(READREQUEST), r);
}

static void header(UA_ResponseHeader *h) {
    h->timestamp = T0; h->requestHandle = 42; h->serviceResult = UA_STATUSCODE_GOOD;
}

static void build_w5(size_t N, const char *name) {
    UA_ReadResponse *r = newv(T(READRESPONSE));
    header(&r->responseHeader);
    r->results = (UA_DataValue*)UA_Array_new(N, T(DATAVALUE));
    r->resultsSize = N;
    char buf[64];
    for(size_t i = 0; i < N; i++) {
        UA_DataValue *dv = &r->results[i];
        dv->sourceTimestamp = T0 + (UA_DateTime)i * MS; dv->hasSourceTimestamp = true;
        dv->serverTimestamp = T0 + (UA_DateTime)i * MS; dv->hasServerTimestamp = true;
        dv->hasValue = true;
        switch(i % 5) {
        case 0: { UA_Double x = (double)i * 1.5; UA_Variant_setScalarCopy(&dv->value, &x, T(DOUBLE)); break; }
        case 1: { UA_Int32 x = (UA_Int32)i; UA_Variant_setScalarCopy(&dv->value, &x, T(INT32)); break; }
        case 2: { UA_Boolean x = (i % 2) == 0; UA_Variant_setScalarCopy(&dv->value, &x, T(BOOLEAN)); break; }
        case 3: { snprintf(buf, sizeof(buf), "value-%zu", i); UA_String x = UA_STRING(buf);
                  UA_Variant_setScalarCopy(&dv->value, &x, T(STRING)); break; }
        default: { UA_DateTime x = T0 + (UA_DateTime)i * SEC; UA_Variant_setScalarCopy(&dv->value, &x, T(DATETIME)); break; }
        }
    }
    add(name, T(READRESPONSE), r);
}

static void build_w6(size_t N, const char *name) {
    UA_BrowseResponse *r = newv(T(BROWSERESPONSE));
    header(&r->responseHeader);
    r->results = (UA_BrowseResult*)UA_Array_new(1, T(BROWSERESULT));
    r->resultsSize = 1;
    UA_BrowseResult *br = &r->results[0];
    br->references = (UA_ReferenceDescription*)UA_Array_new(N, T(REFERENCEDESCRIPTION));
    br->referencesSize = N;
    char buf[64];
    for(size_t i = 0; i < N; i++) {
        UA_ReferenceDescription *rd = &br->references[i];
        rd->referenceTypeId = UA_NODEID_NUMERIC(0, 35);
        rd->isForward = true;
        snprintf(buf, sizeof(buf), "Demo.Node.%zu", i);
        rd->nodeId.nodeId.namespaceIndex = 2;
        rd->nodeId.nodeId.identifierType = UA_NODEIDTYPE_STRING;
        rd->nodeId.nodeId.identifier.string = str(buf);
        snprintf(buf, sizeof(buf), "Node%zu", i);
        rd->browseName.namespaceIndex = 2; rd->browseName.name = str(buf);
        snprintf(buf, sizeof(buf), "Node %zu", i);
        rd->displayName.locale = str("en"); rd->displayName.text = str(buf);
        rd->nodeClass = UA_NODECLASS_VARIABLE;
        rd->typeDefinition.nodeId = UA_NODEID_NUMERIC(0, 63);
    }
    add(name, T(BROWSERESPONSE), r);
}

static void build_w7(void) {
    const size_t N = 50;
    UA_Argument *args = (UA_Argument*)UA_Array_new(N, T(ARGUMENT));
    char buf[64];
    for(size_t i = 0; i < N; i++) {
        snprintf(buf, sizeof(buf), "arg%zu", i); args[i].name = str(buf);
        args[i].dataType = UA_NODEID_NUMERIC(0, 11);
        args[i].valueRank = -1;
        snprintf(buf, sizeof(buf), "Argument %zu", i);
        args[i].description.locale = str("en"); args[i].description.text = str(buf);
    }
    UA_Variant *v = newv(T(VARIANT));
    UA_Variant_setArray(v, args, N, T(ARGUMENT));
    add("W7.ExtensionObject.50", T(VARIANT), v);
}

/* Single built-in values, one or more per clause of Part 6 §5.4.2. */
static void build_builtins(void) {
    UA_Boolean *b = newv(T(BOOLEAN)); *b = true; add("B.Boolean", T(BOOLEAN), b);
    UA_SByte *sb = newv(T(SBYTE)); *sb = -5; add("B.SByte", T(SBYTE), sb);
    UA_Byte *by = newv(T(BYTE)); *by = 250; add("B.Byte", T(BYTE), by);
    UA_Int16 *i16 = newv(T(INT16)); *i16 = -32768; add("B.Int16", T(INT16), i16);
    UA_UInt16 *u16 = newv(T(UINT16)); *u16 = 65535; add("B.UInt16", T(UINT16), u16);
    UA_Int32 *i32 = newv(T(INT32)); *i32 = -2147483647 - 1; add("B.Int32", T(INT32), i32);
    UA_Int64 *i64 = newv(T(INT64)); *i64 = -9007199254740993LL; add("B.Int64", T(INT64), i64);
    UA_UInt64 *u64 = newv(T(UINT64)); *u64 = UINT64_MAX; add("B.UInt64", T(UINT64), u64);
    UA_Float *f = newv(T(FLOAT)); *f = 0.1f; add("B.Float", T(FLOAT), f);
    f = newv(T(FLOAT)); *f = NAN; add("B.Float.NaN", T(FLOAT), f);
    UA_Double *d = newv(T(DOUBLE)); *d = INFINITY; add("B.Double.Infinity", T(DOUBLE), d);
    d = newv(T(DOUBLE)); *d = -INFINITY; add("B.Double.-Infinity", T(DOUBLE), d);
    d = newv(T(DOUBLE)); *d = 1e21; add("B.Double.1e21", T(DOUBLE), d);
    d = newv(T(DOUBLE)); *d = 1.5e-7; add("B.Double.1.5e-7", T(DOUBLE), d);
    d = newv(T(DOUBLE)); *d = -0.0; add("B.Double.-0", T(DOUBLE), d);
    UA_String *s = newv(T(STRING)); *s = str("q\"b\\n\n t\t c\x01 \xE6\xB0\xB4 /"); add("B.String.Escapes", T(STRING), s);
    s = newv(T(STRING)); s->data = (UA_Byte*)UA_EMPTY_ARRAY_SENTINEL; s->length = 0; add("B.String.Empty", T(STRING), s);
    UA_ByteString *bs = newv(T(BYTESTRING)); bs->data = (UA_Byte*)UA_EMPTY_ARRAY_SENTINEL; add("B.ByteString.Empty", T(BYTESTRING), bs);
    UA_XmlElement *x = newv(T(XMLELEMENT)); *x = str("<A>Hot\xE6\xB0\xB4</A>"); add("B.XmlElement", T(XMLELEMENT), x);
    UA_DateTime *dt = newv(T(DATETIME)); *dt = 0; add("B.DateTime.Min", T(DATETIME), dt);
    dt = newv(T(DATETIME)); *dt = INT64_MAX; add("B.DateTime.Max", T(DATETIME), dt);
    dt = newv(T(DATETIME)); *dt = T0 - 1234567; add("B.DateTime.WholeSecond", T(DATETIME), dt);
    dt = newv(T(DATETIME)); *dt = 1; add("B.DateTime.1601", T(DATETIME), dt);
    UA_NodeId *n = newv(T(NODEID)); n->namespaceIndex = 1; n->identifierType = UA_NODEIDTYPE_BYTESTRING;
    UA_ByteString_allocBuffer(&n->identifier.byteString, 4);
    memcpy(n->identifier.byteString.data, "\x00\x01\x02\x03", 4); add("B.NodeId.Opaque", T(NODEID), n);
    n = newv(T(NODEID)); *n = UA_NODEID_NUMERIC(0, 0); add("B.NodeId.Null", T(NODEID), n);
    n = newv(T(NODEID)); n->namespaceIndex = 3; n->identifierType = UA_NODEIDTYPE_STRING;
    n->identifier.string = str("a;b=c"); add("B.NodeId.StringSemicolon", T(NODEID), n);
    UA_ExpandedNodeId *e = newv(T(EXPANDEDNODEID));
    e->nodeId = UA_NODEID_NUMERIC(2, 5); e->serverIndex = 1; add("B.ExpandedNodeId.Server", T(EXPANDEDNODEID), e);
    e = newv(T(EXPANDEDNODEID));
    e->nodeId.identifierType = UA_NODEIDTYPE_STRING; e->nodeId.identifier.string = str("x");
    e->namespaceUri = str("urn:a;b%c"); add("B.ExpandedNodeId.EscapedUri", T(EXPANDEDNODEID), e);
    UA_StatusCode *sc = newv(T(STATUSCODE)); *sc = 0; add("B.StatusCode.Good", T(STATUSCODE), sc);
    sc = newv(T(STATUSCODE)); *sc = 0x80340000u; add("B.StatusCode.Bad", T(STATUSCODE), sc);
    sc = newv(T(STATUSCODE)); *sc = 0x80340400u; add("B.StatusCode.InfoBits", T(STATUSCODE), sc);
    sc = newv(T(STATUSCODE)); *sc = 0x8FFF0000u; add("B.StatusCode.Unknown", T(STATUSCODE), sc);
    UA_QualifiedName *q = newv(T(QUALIFIEDNAME)); *q = UA_QUALIFIEDNAME_ALLOC(0, "Objects"); add("B.QualifiedName.Ns0", T(QUALIFIEDNAME), q);
    q = newv(T(QUALIFIEDNAME)); *q = UA_QUALIFIEDNAME_ALLOC(2, "Temperature"); add("B.QualifiedName.Ns2", T(QUALIFIEDNAME), q);
    UA_LocalizedText *l = newv(T(LOCALIZEDTEXT)); *l = UA_LOCALIZEDTEXT_ALLOC("de-DE", "Pumpe"); add("B.LocalizedText", T(LOCALIZEDTEXT), l);
    l = newv(T(LOCALIZEDTEXT)); l->text = str("Pump"); add("B.LocalizedText.TextOnly", T(LOCALIZEDTEXT), l);
    UA_ExtensionObject *eo = newv(T(EXTENSIONOBJECT));
    eo->encoding = UA_EXTENSIONOBJECT_ENCODED_BYTESTRING;
    eo->content.encoded.typeId = UA_NODEID_NUMERIC(3, 5001);
    UA_ByteString_allocBuffer(&eo->content.encoded.body, 3);
    memcpy(eo->content.encoded.body.data, "\x01\x02\x03", 3);
    add("B.ExtensionObject.Binary", T(EXTENSIONOBJECT), eo);
    UA_Variant *v = newv(T(VARIANT));
    UA_Boolean bools[3] = {true, false, true}; UA_Variant_setArrayCopy(v, bools, 3, T(BOOLEAN)); add("B.Variant.BooleanArray", T(VARIANT), v);
    v = newv(T(VARIANT)); UA_Byte bytes[3] = {1, 2, 255}; UA_Variant_setArrayCopy(v, bytes, 3, T(BYTE)); add("B.Variant.ByteArray", T(VARIANT), v);
    v = newv(T(VARIANT)); UA_ByteString vb = UA_BYTESTRING("\x01\x02"); UA_Variant_setScalarCopy(v, &vb, T(BYTESTRING)); add("B.Variant.ByteString", T(VARIANT), v);
    v = newv(T(VARIANT)); UA_String strs[2] = {UA_STRING("a"), UA_STRING_NULL}; UA_Variant_setArrayCopy(v, strs, 2, T(STRING)); add("B.Variant.StringArrayNull", T(VARIANT), v);
    v = newv(T(VARIANT)); UA_Int64 big = 1LL << 60; UA_Variant_setScalarCopy(v, &big, T(INT64)); add("B.Variant.Int64", T(VARIANT), v);
    v = newv(T(VARIANT)); UA_StatusCode vsc = 0x80340000u; UA_Variant_setScalarCopy(v, &vsc, T(STATUSCODE)); add("B.Variant.StatusCode", T(VARIANT), v);
    v = newv(T(VARIANT)); UA_NodeId vn = UA_NODEID_NUMERIC(0, 2253); UA_Variant_setScalarCopy(v, &vn, T(NODEID)); add("B.Variant.NodeId", T(VARIANT), v);
    v = newv(T(VARIANT)); UA_LocalizedText vl = UA_LOCALIZEDTEXT("en", "Hi"); UA_Variant_setScalarCopy(v, &vl, T(LOCALIZEDTEXT)); add("B.Variant.LocalizedText", T(VARIANT), v);
    v = newv(T(VARIANT)); UA_Variant inner[2]; UA_Variant_init(&inner[0]); UA_Variant_init(&inner[1]);
    UA_Int32 one = 1; UA_Variant_setScalarCopy(&inner[0], &one, T(INT32));
    UA_String two = UA_STRING("two"); UA_Variant_setScalarCopy(&inner[1], &two, T(STRING));
    UA_Variant_setArrayCopy(v, inner, 2, T(VARIANT)); UA_clear(&inner[0], T(VARIANT)); UA_clear(&inner[1], T(VARIANT));
    add("B.Variant.VariantArray", T(VARIANT), v);
    v = newv(T(VARIANT)); add("B.Variant.Null", T(VARIANT), v);
    UA_DataValue *dv = newv(T(DATAVALUE)); UA_String dvs = UA_STRING("x");
    UA_Variant_setScalarCopy(&dv->value, &dvs, T(STRING)); dv->hasValue = true;
    dv->status = 0x80340000u; dv->hasStatus = true; add("B.DataValue.StatusBad", T(DATAVALUE), dv);
    dv = newv(T(DATAVALUE)); add("B.DataValue.Empty", T(DATAVALUE), dv);
    UA_DiagnosticInfo *di = newv(T(DIAGNOSTICINFO));
    di->hasSymbolicId = true; di->symbolicId = 3; di->hasLocalizedText = true; di->localizedText = 4;
    di->hasAdditionalInfo = true; di->additionalInfo = str("valve stuck");
    di->hasInnerStatusCode = true; di->innerStatusCode = 0x800A0000u;
    di->hasInnerDiagnosticInfo = true; di->innerDiagnosticInfo = newv(T(DIAGNOSTICINFO));
    di->innerDiagnosticInfo->hasSymbolicId = true; di->innerDiagnosticInfo->symbolicId = 5;
    add("B.DiagnosticInfo", T(DIAGNOSTICINFO), di);
}

static void build(void) {
    build_w1_w3();
    build_w4(1, "W4.ReadRequest.1"); build_w4(50, "W4.ReadRequest.50"); build_w4(500, "W4.ReadRequest.500");
    build_w5(10, "W5.ReadResponse.10"); build_w5(100, "W5.ReadResponse.100"); build_w5(1000, "W5.ReadResponse.1000");
    build_w6(500, "W6.BrowseResponse.500");
    build_w7();
    build_builtins();
}

/* The options with the namespace and server tables of "ns". */
static UA_NamespaceMapping nsMapping;
static UA_String nsUris[5], srvUris[2];

static void setup_tables(UA_EncodeJsonOptions *eo, UA_DecodeJsonOptions *dopt) {
    for(size_t i = 0; i < 5; i++) nsUris[i] = UA_STRING((char*)(uintptr_t)NAMESPACES[i]);
    for(size_t i = 0; i < 2; i++) srvUris[i] = UA_STRING((char*)(uintptr_t)SERVERS[i]);
    memset(&nsMapping, 0, sizeof(nsMapping));
    nsMapping.namespaceUris = nsUris; nsMapping.namespaceUrisSize = 5;
    if(eo) { eo->namespaceMapping = &nsMapping; eo->serverUris = srvUris; eo->serverUrisSize = 2; }
    if(dopt) { dopt->namespaceMapping = &nsMapping; dopt->serverUris = srvUris; dopt->serverUrisSize = 2; }
}

static void print_hex(const UA_ByteString *b) {
    for(size_t i = 0; i < b->length; i++) printf("%02x", b->data[i]);
}

static int print_binary(const void *value, const UA_DataType *type) {
    UA_ByteString bin = UA_BYTESTRING_NULL;
    UA_StatusCode rc = UA_encodeBinary(value, type, &bin, NULL);
    if(rc != UA_STATUSCODE_GOOD) return (int)rc;
    print_hex(&bin);
    UA_ByteString_clear(&bin);
    return 0;
}

static int cmd_encode(int ns) {
    UA_EncodeJsonOptions eo;
    memset(&eo, 0, sizeof(eo));
    if(ns) setup_tables(&eo, NULL);
    for(size_t i = 0; i < nC; i++) {
        printf("CASE %s %s\nBIN ", C[i].name, C[i].type->typeName);
        int rc = print_binary(C[i].value, C[i].type);
        printf("\n");
        if(rc) { printf("ERR binary %s\n", UA_StatusCode_name((UA_StatusCode)rc)); continue; }
        UA_ByteString out = UA_BYTESTRING_NULL;
        UA_StatusCode s = UA_encodeJson(C[i].value, C[i].type, &out, &eo);
        if(s != UA_STATUSCODE_GOOD) { printf("ERR %s\n", UA_StatusCode_name(s)); continue; }
        printf("JSON %.*s\n", (int)out.length, (const char*)out.data);
        UA_ByteString_clear(&out);
    }
    return 0;
}

static const UA_DataType *type_by_name(const char *name) {
    for(size_t i = 0; i < UA_TYPES_COUNT; i++)
        if(strcmp(UA_TYPES[i].typeName, name) == 0) return &UA_TYPES[i];
    return NULL;
}

static int cmd_decode(int ns) {
    UA_DecodeJsonOptions dopt;
    memset(&dopt, 0, sizeof(dopt));
    if(ns) setup_tables(NULL, &dopt);
    size_t cap = 1 << 16;
    char *line = malloc(cap);
    size_t len = 0;
    int c;
    for(;;) {
        len = 0;
        while((c = getchar()) != EOF && c != '\n') {
            if(len + 1 >= cap) { cap *= 2; line = realloc(line, cap); }
            line[len++] = (char)c;
        }
        if(len == 0 && c == EOF) break;
        line[len] = 0;
        char *tab = strchr(line, '\t');
        if(!tab) { printf("ERR no-tab\n"); continue; }
        *tab = 0;
        const UA_DataType *t = type_by_name(line);
        if(!t) { printf("ERR unknown-type\n"); continue; }
        UA_ByteString src = {strlen(tab + 1), (UA_Byte*)tab + 1};
        void *v = UA_new(t);
        UA_StatusCode s = UA_decodeJson(&src, v, t, &dopt);
        if(s != UA_STATUSCODE_GOOD) { printf("ERR %s\n", UA_StatusCode_name(s)); UA_delete(v, t); continue; }
        printf("OK ");
        int rc = print_binary(v, t);
        printf("\n");
        if(rc) printf("ERR binary %s\n", UA_StatusCode_name((UA_StatusCode)rc));
        UA_delete(v, t);
        fflush(stdout);
    }
    free(line);
    return 0;
}

/* Timing, as the reference benchmark times UA_encodeBinary. */
static inline uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static volatile size_t sink;
static UA_Byte *gbuf;
static size_t gcap = 1 << 24;

/* One timed round of op (0 encode, 1 decode+clear) on case i, of about
 * round_ms; returns ns/op. */
static double round_ns(size_t i, int op, const UA_ByteString *json, double round_ms) {
    size_t iters = 1;
    for(;;) {
        uint64_t t0 = now_ns();
        for(size_t k = 0; k < iters; k++) {
            if(op == 0) {
                UA_ByteString out = {gcap, gbuf};
                if(UA_encodeJson(C[i].value, C[i].type, &out, NULL) != UA_STATUSCODE_GOOD) { fprintf(stderr, "%s: UA_encodeJson failed\n", C[i].name); exit(3); }
                sink += out.length;
            } else {
                union { UA_ReadResponse big; UA_Variant v; UA_DataValue dv; UA_Byte raw[512]; } dst;
                UA_StatusCode rc = UA_decodeJson(json, &dst, C[i].type, NULL);
                if(rc != UA_STATUSCODE_GOOD) { fprintf(stderr, "%s: UA_decodeJson of its own text: %s\n", C[i].name, UA_StatusCode_name(rc)); exit(4); }
                UA_clear(&dst, C[i].type);
            }
        }
        uint64_t dt = now_ns() - t0;
        if(dt >= (uint64_t)(round_ms * 1e6) || iters > (1u << 30))
            return (double)dt / (double)iters;
        iters = dt == 0 ? iters * 16 : (size_t)((double)iters * round_ms * 1e6 / (double)dt * 1.1) + 1;
    }
}

static int cmd_bench(int passes, double round_ms) {
    gbuf = malloc(gcap);
    size_t nW = 0; /* the workload cases come first */
    while(nW < nC && C[nW].name[0] == 'W') nW++;
    nC = nW;
    UA_ByteString *json = calloc(nC, sizeof(UA_ByteString));
    int *nodec = calloc(nC, sizeof(int)); /* cases open62541 cannot decode */
    for(size_t i = 0; i < nC; i++) {
        if(UA_encodeJson(C[i].value, C[i].type, &json[i], NULL) != UA_STATUSCODE_GOOD) return 3;
        void *v = UA_new(C[i].type);
        UA_StatusCode rc = UA_decodeJson(&json[i], v, C[i].type, NULL);
        if(rc != UA_STATUSCODE_GOOD) {
            printf("# %s: UA_decodeJson of its own text fails (%s): no dec+clr figure\n", C[i].name, UA_StatusCode_name(rc));
            nodec[i] = 1;
        }
        UA_delete(v, C[i].type);
    }
    size_t cells = nC * 2;
    double *ns = calloc(cells * (size_t)passes, sizeof(double));
    size_t *order = malloc(cells * sizeof(size_t));
    for(size_t k = 0; k < cells; k++) order[k] = k;
    srand(1);
    for(int p = 0; p < passes; p++) {
        for(size_t k = cells - 1; k > 0; k--) {
            size_t j = (size_t)rand() % (k + 1);
            size_t t = order[k]; order[k] = order[j]; order[j] = t;
        }
        for(size_t k = 0; k < cells; k++) {
            size_t cell = order[k];
            if(cell % 2 && nodec[cell / 2]) continue;
            ns[cell * (size_t)passes + (size_t)p] = round_ns(cell / 2, (int)(cell % 2), &json[cell / 2], round_ms);
        }
    }
    printf("# open62541 %s UA_encodeJson/UA_decodeJson, %d passes of %.1f ms\n", UA_OPEN62541_VERSION, passes, round_ms);
    for(size_t cell = 0; cell < cells; cell++) {
        if(cell % 2 && nodec[cell / 2]) continue;
        double *s = &ns[cell * (size_t)passes];
        qsort(s, (size_t)passes, sizeof(double), cmp_double);
        printf("CSV,%s,%zu,%s,%.1f,%.1f\n", C[cell / 2].name, json[cell / 2].length,
               cell % 2 ? "dec+clr" : "enc", s[passes / 2], s[0]);
    }
    return 0;
}

int main(int argc, char **argv) {
    build();
    if(argc >= 2 && strcmp(argv[1], "encode") == 0)
        return cmd_encode(argc >= 3 && strcmp(argv[2], "ns") == 0);
    if(argc >= 2 && strcmp(argv[1], "decode") == 0)
        return cmd_decode(argc >= 3 && strcmp(argv[2], "ns") == 0);
    if(argc >= 2 && strcmp(argv[1], "bench") == 0)
        return cmd_bench(argc >= 3 ? atoi(argv[2]) : 11, argc >= 4 ? atof(argv[3]) : 5.0);
    fprintf(stderr, "usage: o6json encode [ns] | decode [ns] | bench [passes] [round_ms]\n");
    return 2;
}
