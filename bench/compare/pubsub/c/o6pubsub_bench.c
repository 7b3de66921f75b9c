/* o6pubsub_bench: times open62541's UA_NetworkMessage_encodeBinary and
 * UA_NetworkMessage_decodeBinary on the PubSub workloads, the same
 * messages that bench/compare/cmd/pubsubcmp builds with uabin's pubsub
 * package:
 *
 *   P1 RawData100   one key frame of 100 RawData fields (Int32, Double,
 *                   UInt16, Boolean in turn), PublisherId UInt16, GroupHeader
 *                   (WriterGroupId, SequenceNumber), PayloadHeader
 *   P2 Variant100   the same fields as Variants
 *   P3 Messages10   10 DataSetMessages of 10 Variant fields each, with
 *                   DataSetMessage sequence numbers, and a NetworkMessage
 *                   Timestamp
 *
 * Output: "HEX,name,hex" once per workload (the encoding, which pubsubcmp
 * compares with its own before timing), then "CSV,name,bytes,op,median_ns"
 * for op enc (into a preallocated buffer) and dec+clr (decode into a new
 * value, then UA_NetworkMessage_clear): CPU time per operation, medians of
 * 15 batches. */
#include <open62541/types.h>
#include <open62541/pubsub.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>

#define NF 100

/* CPU time of the process: on a shared, oversubscribed machine the wall
 * clock counts the time other processes run; the CPU time does not (the Go
 * side measures the same way, with getrusage). */
static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static UA_Int32 vi[NF];
static UA_Double vd[NF];
static UA_UInt16 vu[NF];
static UA_Boolean vb[NF];
static UA_FieldMetaData fmd[NF];

static void setField(UA_DataValue *dv, int i) {
    UA_DataValue_init(dv);
    dv->hasValue = true;
    switch(i % 4) {
    case 0: vi[i] = i * 1000 - 7; UA_Variant_setScalar(&dv->value, &vi[i], &UA_TYPES[UA_TYPES_INT32]); break;
    case 1: vd[i] = i + 0.25; UA_Variant_setScalar(&dv->value, &vd[i], &UA_TYPES[UA_TYPES_DOUBLE]); break;
    case 2: vu[i] = (UA_UInt16)(i * 3); UA_Variant_setScalar(&dv->value, &vu[i], &UA_TYPES[UA_TYPES_UINT16]); break;
    default: vb[i] = (i / 4) % 2; UA_Variant_setScalar(&dv->value, &vb[i], &UA_TYPES[UA_TYPES_BOOLEAN]); break;
    }
}

static void header(UA_NetworkMessage *nm) {
    memset(nm, 0, sizeof(*nm));
    nm->version = 1;
    nm->publisherIdEnabled = true;
    nm->publisherId.idType = UA_PUBLISHERIDTYPE_UINT16;
    nm->publisherId.id.uint16 = 2234;
    nm->groupHeaderEnabled = true;
    nm->groupHeader.writerGroupIdEnabled = true;
    nm->groupHeader.writerGroupId = 100;
    nm->groupHeader.sequenceNumberEnabled = true;
    nm->groupHeader.sequenceNumber = 7;
    nm->payloadHeaderEnabled = true;
}

static void run(const char *name, UA_NetworkMessage *nm, UA_NetworkMessage_EncodingOptions *eo) {
    static UA_Byte buf[1 << 16];
    UA_ByteString out = {sizeof(buf), buf};
    if(UA_NetworkMessage_encodeBinary(nm, &out, eo) != UA_STATUSCODE_GOOD) {
        printf("ERR,%s,encode\n", name);
        return;
    }
    size_t len = out.length;
    printf("HEX,%s,", name);
    for(size_t i = 0; i < len; i++)
        printf("%02x", buf[i]);
    printf("\n");
    UA_ByteString wire = {len, buf};
    UA_NetworkMessage back;
    if(UA_NetworkMessage_decodeBinary(&wire, &back, eo, NULL) != UA_STATUSCODE_GOOD) {
        printf("ERR,%s,decode\n", name);
        return;
    }
    UA_NetworkMessage_clear(&back);

    enum { BATCHES = 15 };
    double enc[BATCHES], dec[BATCHES];
    /* iterations per batch: about 20 ms */
    long n = 1;
    for(;;) {
        double t0 = now_ns();
        for(long i = 0; i < n; i++) {
            UA_ByteString o = {sizeof(buf), buf};
            UA_NetworkMessage_encodeBinary(nm, &o, eo);
        }
        if(now_ns() - t0 > 2e7 || n > (1L << 30))
            break;
        n *= 2;
    }
    static UA_Byte buf2[1 << 16];
    for(int b = 0; b < BATCHES; b++) {
        double t0 = now_ns();
        for(long i = 0; i < n; i++) {
            UA_ByteString o = {sizeof(buf2), buf2};
            UA_NetworkMessage_encodeBinary(nm, &o, eo);
        }
        enc[b] = (now_ns() - t0) / (double)n;
        t0 = now_ns();
        for(long i = 0; i < n; i++) {
            UA_NetworkMessage_decodeBinary(&wire, &back, eo, NULL);
            UA_NetworkMessage_clear(&back);
        }
        dec[b] = (now_ns() - t0) / (double)n;
    }
    qsort(enc, BATCHES, sizeof(double), cmp);
    qsort(dec, BATCHES, sizeof(double), cmp);
    printf("CSV,%s,%zu,enc,%.1f\n", name, len, enc[BATCHES / 2]);
    printf("CSV,%s,%zu,dec+clr,%.1f\n", name, len, dec[BATCHES / 2]);
    fflush(stdout);
}

int main(void) {
    printf("# open62541 v1.5.7 PubSub NetworkMessage benchmark\n");
    int bts[4] = {UA_TYPES_INT32, UA_TYPES_DOUBLE, UA_TYPES_UINT16, UA_TYPES_BOOLEAN};
    for(int i = 0; i < NF; i++) {
        fmd[i].dataType = UA_TYPES[bts[i % 4]].typeId;
        fmd[i].builtInType = (UA_Byte)(UA_TYPES[bts[i % 4]].typeKind + 1);
        fmd[i].valueRank = -1;
    }
    static UA_DataValue fields[NF];
    for(int i = 0; i < NF; i++)
        setField(&fields[i], i);

    /* P1 and P2: one DataSetMessage of 100 fields */
    for(int raw = 1; raw >= 0; raw--) {
        UA_NetworkMessage nm;
        header(&nm);
        UA_DataSetMessage dsm;
        memset(&dsm, 0, sizeof(dsm));
        dsm.header.dataSetMessageValid = true;
        dsm.header.fieldEncoding = raw ? UA_FIELDENCODING_RAWDATA : UA_FIELDENCODING_VARIANT;
        dsm.fieldCount = NF;
        dsm.data.keyFrameFields = fields;
        nm.messageCount = 1;
        nm.dataSetWriterIds[0] = 1;
        nm.payload.dataSetMessages = &dsm;
        UA_DataSetMessage_EncodingMetaData emd;
        memset(&emd, 0, sizeof(emd));
        emd.dataSetWriterId = 1;
        emd.fieldsSize = NF;
        emd.fields = fmd;
        UA_NetworkMessage_EncodingOptions eo = {1, &emd};
        run(raw ? "P1.RawData100" : "P2.Variant100", &nm, &eo);
    }

    /* P3: 10 DataSetMessages of 10 Variant fields */
    UA_NetworkMessage nm;
    header(&nm);
    nm.timestampEnabled = true;
    nm.timestamp = 134000000000000000LL;
    UA_DataSetMessage dsm[10];
    memset(dsm, 0, sizeof(dsm));
    nm.messageCount = 10;
    for(int m = 0; m < 10; m++) {
        dsm[m].header.dataSetMessageValid = true;
        dsm[m].header.fieldEncoding = UA_FIELDENCODING_VARIANT;
        dsm[m].header.dataSetMessageSequenceNrEnabled = true;
        dsm[m].header.dataSetMessageSequenceNr = (UA_UInt16)(m + 1);
        dsm[m].fieldCount = 10;
        dsm[m].data.keyFrameFields = &fields[m * 10];
        nm.dataSetWriterIds[m] = (UA_UInt16)(m + 1);
    }
    nm.payload.dataSetMessages = dsm;
    run("P3.Messages10", &nm, NULL);
    return 0;
}
