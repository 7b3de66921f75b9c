/* o6nmjson.c: open62541 v1.5.7's JSON NetworkMessage functions
 * (UA_NetworkMessage_encodeJson, UA_NetworkMessage_decodeJson) over the grid
 * of test/interop/pubsubjson/interop_test.go, and their timing on the
 * workloads of pubsub's JSON benchmarks.
 *
 *   o6nmjson encode        prints "INDEX<TAB>JSON" for every grid case
 *   o6nmjson decode        reads "INDEX<TAB>JSON" lines, prints
 *                          "INDEX<TAB>OK <values>" or "INDEX<TAB>ERR <status>"
 *   o6nmjson bench SECONDS prints CPU ns/op of encode and decode of the two
 *                          benchmark workloads (10x10, KeyFrame100)
 *   o6nmjson benchtext     prints "NAME<TAB>JSON" of the two workloads
 *
 * The grid (INDEX = ((pub*2 + enc)*32 + mask)*2 + multi):
 *   pub   0 none, 1 Byte 7, 2 UInt16 2234, 3 UInt32 4000000000,
 *         4 UInt64 18446744073709551615, 5 String "urn:pub"
 *   enc   0 Variant fields, 1 DataValue fields (Value, Status, SourceTimestamp)
 *   mask  bit 0 DataSetClassId, 1 SequenceNumber, 2 MetaDataVersion,
 *         3 Timestamp, 4 Status
 *   multi 0 one DataSetMessage, 1 three
 * DataSetMessage k has DataSetWriterId 100+k and the fields i32 (-42-k),
 * dbl (3.25), str ("open62541"), bool (true). */
#include <open62541/types.h>
#include <open62541/pubsub.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NPUB 6
#define NMASK 32
#define GRID (NPUB * 2 * NMASK * 2)
#define NF 4
#define MAXMSG 10

static const char *names[NF] = {"i32", "dbl", "str", "bool"};
static const UA_Guid classId = {0x72962B91, 0xFA75, 0x4AE6, {0x8D, 0x28, 0xB4, 0x04, 0xDC, 0x7D, 0xAF, 0x63}};
static const UA_DateTime baseTime = 133500000000000000LL;

/* metadata for every writer: the field names (the JSON member names) */
static UA_FieldMetaData fmd[NF];
static UA_DataSetMessage_EncodingMetaData emd[MAXMSG + 100];
static UA_NetworkMessage_EncodingOptions eo;

static void initMeta(int writers) {
    for(int i = 0; i < NF; i++) {
        memset(&fmd[i], 0, sizeof(UA_FieldMetaData));
        fmd[i].name = UA_STRING((char *)names[i]);
    }
    for(int w = 0; w < writers; w++) {
        memset(&emd[w], 0, sizeof(emd[w]));
        emd[w].dataSetWriterId = (UA_UInt16)(100 + w);
        emd[w].fieldsSize = NF;
        emd[w].fields = fmd;
    }
    eo.metaDataSize = (size_t)writers;
    eo.metaData = emd;
}

static UA_DataSetMessage dsms[MAXMSG];
static UA_DataValue dvs[MAXMSG][NF];
static UA_Int32 vi32[MAXMSG];
static UA_Double vdbl = 3.25;
static UA_String vstr = {9, (UA_Byte *)"open62541"};
static UA_Boolean vbool = true;

/* build fills nm with grid case idx; the values point to static storage. */
static void build(int idx, UA_NetworkMessage *nm, char *mid) {
    int multi = idx % 2, mask = (idx / 2) % NMASK, enc = (idx / 2 / NMASK) % 2, pub = idx / 2 / NMASK / 2;
    int n = multi ? 3 : 1;
    memset(nm, 0, sizeof(*nm));
    sprintf(mid, "m-%d", idx);
    nm->messageIdEnabled = true;
    nm->messageId = UA_STRING(mid);
    nm->networkMessageType = UA_NETWORKMESSAGE_DATASET;
    nm->payloadHeaderEnabled = true;
    if(pub > 0) {
        nm->publisherIdEnabled = true;
        switch(pub) {
        case 1: nm->publisherId.idType = UA_PUBLISHERIDTYPE_BYTE; nm->publisherId.id.byte = 7; break;
        case 2: nm->publisherId.idType = UA_PUBLISHERIDTYPE_UINT16; nm->publisherId.id.uint16 = 2234; break;
        case 3: nm->publisherId.idType = UA_PUBLISHERIDTYPE_UINT32; nm->publisherId.id.uint32 = 4000000000u; break;
        case 4: nm->publisherId.idType = UA_PUBLISHERIDTYPE_UINT64; nm->publisherId.id.uint64 = 18446744073709551615ULL; break;
        default: nm->publisherId.idType = UA_PUBLISHERIDTYPE_STRING; nm->publisherId.id.string = UA_STRING("urn:pub"); break;
        }
    }
    if(mask & 1) {
        nm->dataSetClassIdEnabled = true;
        nm->dataSetClassId = classId;
    }
    nm->messageCount = (UA_Byte)n;
    nm->payload.dataSetMessages = dsms;
    for(int k = 0; k < n; k++) {
        UA_DataSetMessage *d = &dsms[k];
        memset(d, 0, sizeof(*d));
        nm->dataSetWriterIds[k] = (UA_UInt16)(100 + k);
        d->header.dataSetMessageValid = true;
        d->header.fieldEncoding = enc ? UA_FIELDENCODING_DATAVALUE : UA_FIELDENCODING_VARIANT;
        d->header.dataSetMessageType = UA_DATASETMESSAGE_DATAKEYFRAME;
        if(mask & 2) {
            d->header.dataSetMessageSequenceNrEnabled = true;
            d->header.dataSetMessageSequenceNr = (UA_UInt16)(1000 + k);
        }
        if(mask & 4) {
            d->header.configVersionMajorVersionEnabled = true;
            d->header.configVersionMinorVersionEnabled = true;
            d->header.configVersionMajorVersion = 1700000000u;
            d->header.configVersionMinorVersion = 1700000001u + (UA_UInt32)k;
        }
        if(mask & 8) {
            d->header.timestampEnabled = true;
            d->header.timestamp = baseTime + k * 10000000LL;
        }
        if(mask & 16) {
            d->header.statusEnabled = true;
            d->header.status = 0x4092;
        }
        vi32[k] = -42 - k;
        void *vals[NF] = {&vi32[k], &vdbl, &vstr, &vbool};
        const UA_DataType *tys[NF] = {&UA_TYPES[UA_TYPES_INT32], &UA_TYPES[UA_TYPES_DOUBLE], &UA_TYPES[UA_TYPES_STRING], &UA_TYPES[UA_TYPES_BOOLEAN]};
        for(int f = 0; f < NF; f++) {
            UA_DataValue *dv = &dvs[k][f];
            UA_DataValue_init(dv);
            UA_Variant_setScalar(&dv->value, vals[f], tys[f]);
            dv->hasValue = true;
            if(enc) {
                dv->hasStatus = true;
                dv->status = 0x40920000;
                dv->hasSourceTimestamp = true;
                dv->sourceTimestamp = baseTime;
            }
        }
        d->fieldCount = NF;
        d->data.keyFrameFields = dvs[k];
    }
}

static void hex(const UA_DataValue *dv) {
    UA_ByteString bs = UA_BYTESTRING_NULL;
    if(UA_encodeBinary(dv, &UA_TYPES[UA_TYPES_DATAVALUE], &bs, NULL) != UA_STATUSCODE_GOOD) {
        printf("?");
        return;
    }
    for(size_t i = 0; i < bs.length; i++)
        printf("%02x", bs.data[i]);
    UA_ByteString_clear(&bs);
}

/* describe prints the values of a decoded NetworkMessage on one line. */
static void describe(const UA_NetworkMessage *nm) {
    printf("OK mid=%.*s", (int)nm->messageId.length, (const char *)nm->messageId.data);
    if(!nm->publisherIdEnabled) {
        printf(" pub=-");
    } else {
        const UA_PublisherId *p = &nm->publisherId;
        switch(p->idType) {
        case UA_PUBLISHERIDTYPE_BYTE: printf(" pub=B:%u", p->id.byte); break;
        case UA_PUBLISHERIDTYPE_UINT16: printf(" pub=U16:%u", p->id.uint16); break;
        case UA_PUBLISHERIDTYPE_UINT32: printf(" pub=U32:%u", p->id.uint32); break;
        case UA_PUBLISHERIDTYPE_UINT64: printf(" pub=U64:%llu", (unsigned long long)p->id.uint64); break;
        default: printf(" pub=S:%.*s", (int)p->id.string.length, (const char *)p->id.string.data); break;
        }
    }
    if(nm->dataSetClassIdEnabled) {
        UA_String s = UA_STRING_NULL;
        UA_Guid_print(&nm->dataSetClassId, &s);
        printf(" cls=%.*s", (int)s.length, (const char *)s.data);
        UA_String_clear(&s);
    } else {
        printf(" cls=-");
    }
    printf(" n=%u", nm->messageCount);
    for(int k = 0; k < nm->messageCount; k++) {
        const UA_DataSetMessage *d = &nm->payload.dataSetMessages[k];
        printf(" | w=%u", nm->dataSetWriterIds[k]);
        if(d->header.dataSetMessageSequenceNrEnabled) printf(" seq=%u", d->header.dataSetMessageSequenceNr); else printf(" seq=-");
        if(d->header.configVersionMajorVersionEnabled) printf(" cv=%u.%u", d->header.configVersionMajorVersion, d->header.configVersionMinorVersion); else printf(" cv=-");
        if(d->header.timestampEnabled) printf(" ts=%lld", (long long)d->header.timestamp); else printf(" ts=-");
        if(d->header.statusEnabled) printf(" st=%u", d->header.status); else printf(" st=-");
        printf(" f=%u:", d->fieldCount);
        for(int f = 0; f < d->fieldCount; f++) {
            if(f) printf(",");
            hex(&d->data.keyFrameFields[f]);
        }
    }
    printf("\n");
}

static int encodeGrid(void) {
    initMeta(3);
    for(int idx = 0; idx < GRID; idx++) {
        UA_NetworkMessage nm;
        char mid[32];
        build(idx, &nm, mid);
        UA_ByteString out = UA_BYTESTRING_NULL;
        UA_StatusCode rv = UA_NetworkMessage_encodeJson(&nm, &out, &eo, NULL);
        if(rv != UA_STATUSCODE_GOOD) {
            printf("%d\tERR %s\n", idx, UA_StatusCode_name(rv));
            continue;
        }
        printf("%d\t%.*s\n", idx, (int)out.length, (const char *)out.data);
        UA_ByteString_clear(&out);
    }
    return 0;
}

static int decodeLines(void) {
    initMeta(3);
    static char line[1 << 20];
    while(fgets(line, sizeof line, stdin)) {
        char *tab = strchr(line, '\t');
        if(!tab)
            continue;
        *tab = 0;
        char *json = tab + 1;
        size_t len = strlen(json);
        while(len > 0 && (json[len - 1] == '\n' || json[len - 1] == '\r'))
            json[--len] = 0;
        UA_ByteString in = {len, (UA_Byte *)json};
        UA_NetworkMessage nm;
        memset(&nm, 0, sizeof nm);
        UA_StatusCode rv = UA_NetworkMessage_decodeJson(&in, &nm, &eo, NULL);
        printf("%s\t", line);
        if(rv != UA_STATUSCODE_GOOD)
            printf("ERR %s\n", UA_StatusCode_name(rv));
        else
            describe(&nm);
        UA_NetworkMessage_clear(&nm);
    }
    return 0;
}

/* The benchmark workloads of pubsub/json_bench_test.go: msgs DataSetMessages
 * of n fields (Double, Int32, Boolean, String in turn), the NetworkMessage
 * and DataSetMessage headers, PublisherId UInt16 2234, SequenceNumber,
 * Timestamp, Variant fields. */
static UA_DataValue bdv[MAXMSG][100];
static UA_Double bdbl[MAXMSG][100];
static UA_Int32 bi32[MAXMSG][100];
static UA_Boolean bbool[MAXMSG][100];
static UA_String bstr[MAXMSG][100];
static char bstrBuf[MAXMSG][100][16];
static char bnames[100][12];
static UA_FieldMetaData bfmd[100];

static void buildBench(UA_NetworkMessage *nm, int msgs, int n) {
    memset(nm, 0, sizeof(*nm));
    nm->messageIdEnabled = true;
    nm->messageId = UA_STRING("5c1b0e3a-1f6e-4c1b-9d7a-000000000001");
    nm->networkMessageType = UA_NETWORKMESSAGE_DATASET;
    nm->payloadHeaderEnabled = true;
    nm->publisherIdEnabled = true;
    nm->publisherId.idType = UA_PUBLISHERIDTYPE_UINT16;
    nm->publisherId.id.uint16 = 2234;
    nm->messageCount = (UA_Byte)msgs;
    nm->payload.dataSetMessages = dsms;
    for(int f = 0; f < n; f++) {
        sprintf(bnames[f], "Field%d", f);
        memset(&bfmd[f], 0, sizeof bfmd[f]);
        bfmd[f].name = UA_STRING(bnames[f]);
    }
    for(int k = 0; k < msgs; k++) {
        UA_DataSetMessage *d = &dsms[k];
        memset(d, 0, sizeof(*d));
        nm->dataSetWriterIds[k] = (UA_UInt16)(100 + k);
        emd[k].dataSetWriterId = (UA_UInt16)(100 + k);
        emd[k].fieldsSize = (size_t)n;
        emd[k].fields = bfmd;
        d->header.dataSetMessageValid = true;
        d->header.fieldEncoding = UA_FIELDENCODING_VARIANT;
        d->header.dataSetMessageType = UA_DATASETMESSAGE_DATAKEYFRAME;
        d->header.dataSetMessageSequenceNrEnabled = true;
        d->header.dataSetMessageSequenceNr = (UA_UInt16)(1000 + k);
        d->header.timestampEnabled = true;
        d->header.timestamp = 133500000000000000LL + k;
        for(int f = 0; f < n; f++) {
            UA_DataValue *dv = &bdv[k][f];
            UA_DataValue_init(dv);
            switch(f % 4) {
            case 0: bdbl[k][f] = 20.5 + f; UA_Variant_setScalar(&dv->value, &bdbl[k][f], &UA_TYPES[UA_TYPES_DOUBLE]); break;
            case 1: bi32[k][f] = -1000 * f; UA_Variant_setScalar(&dv->value, &bi32[k][f], &UA_TYPES[UA_TYPES_INT32]); break;
            case 2: bbool[k][f] = (f % 3 == 0); UA_Variant_setScalar(&dv->value, &bbool[k][f], &UA_TYPES[UA_TYPES_BOOLEAN]); break;
            default:
                sprintf(bstrBuf[k][f], "state-%d", f);
                bstr[k][f] = UA_STRING(bstrBuf[k][f]);
                UA_Variant_setScalar(&dv->value, &bstr[k][f], &UA_TYPES[UA_TYPES_STRING]);
                break;
            }
            dv->hasValue = true;
        }
        d->fieldCount = (UA_UInt16)n;
        d->data.keyFrameFields = bdv[k];
    }
    eo.metaDataSize = (size_t)msgs;
    eo.metaData = emd;
}

/* now is the CPU time of the process: the machine may be shared. */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const struct { const char *name; int msgs, n; } cases[] = {{"10x10", 10, 10}, {"KeyFrame100", 1, 100}};

static int benchText(void) {
    for(int c = 0; c < 2; c++) {
        UA_NetworkMessage nm;
        buildBench(&nm, cases[c].msgs, cases[c].n);
        UA_ByteString out = UA_BYTESTRING_NULL;
        if(UA_NetworkMessage_encodeJson(&nm, &out, &eo, NULL) != UA_STATUSCODE_GOOD)
            return 1;
        printf("%s\t%.*s\n", cases[c].name, (int)out.length, (const char *)out.data);
        UA_ByteString_clear(&out);
    }
    return 0;
}

static int bench(double seconds) {
    for(int c = 0; c < 2; c++) {
        UA_NetworkMessage nm;
        buildBench(&nm, cases[c].msgs, cases[c].n);
        UA_Byte buf[65536];
        UA_ByteString out = {sizeof buf, buf};
        if(UA_NetworkMessage_encodeJson(&nm, &out, &eo, NULL) != UA_STATUSCODE_GOOD) {
            fprintf(stderr, "encode %s failed\n", cases[c].name);
            return 1;
        }
        size_t size = out.length;
        long iters = 0;
        double t0 = now(), t1;
        do {
            for(int i = 0; i < 100; i++) {
                out.length = sizeof buf;
                UA_NetworkMessage_encodeJson(&nm, &out, &eo, NULL);
            }
            iters += 100;
            t1 = now();
        } while(t1 - t0 < seconds);
        printf("encode %s %zu bytes %.0f ns/op\n", cases[c].name, size, (t1 - t0) * 1e9 / (double)iters);
        UA_ByteString in = {size, buf};
        iters = 0;
        t0 = now();
        do {
            for(int i = 0; i < 100; i++) {
                UA_NetworkMessage dec;
                memset(&dec, 0, sizeof dec);
                if(UA_NetworkMessage_decodeJson(&in, &dec, &eo, NULL) != UA_STATUSCODE_GOOD) {
                    fprintf(stderr, "decode %s failed\n", cases[c].name);
                    return 1;
                }
                UA_NetworkMessage_clear(&dec);
            }
            iters += 100;
            t1 = now();
        } while(t1 - t0 < seconds);
        printf("decode %s %zu bytes %.0f ns/op\n", cases[c].name, size, (t1 - t0) * 1e9 / (double)iters);
    }
    return 0;
}

int main(int argc, char **argv) {
    if(argc >= 2 && strcmp(argv[1], "encode") == 0)
        return encodeGrid();
    if(argc >= 2 && strcmp(argv[1], "decode") == 0)
        return decodeLines();
    if(argc >= 2 && strcmp(argv[1], "benchtext") == 0)
        return benchText();
    if(argc >= 3 && strcmp(argv[1], "bench") == 0)
        return bench(atof(argv[2]));
    fprintf(stderr, "usage: o6nmjson encode | decode | bench SECONDS | benchtext\n");
    return 2;
}
