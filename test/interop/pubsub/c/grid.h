/* grid.h: the grid of UADP header configurations that nmgrid.c encodes with
 * open62541 and pubsub's grid_test.go encodes with uabin. Both sides derive
 * every flag and value from the index the same way; keep them in step. */
#ifndef UABIN_GRID_H
#define UABIN_GRID_H

#define GRID_SIZE (6 * 6 * 2 * 2 * 3 * 2 * 2 * 3 * 2)

typedef struct {
    int pubType;     /* 0 none, 1 Byte, 2 UInt16, 3 UInt32, 4 UInt64, 5 String */
    int group;       /* 0 none, 1 WriterGroupId, 2 GroupVersion, 3 NetworkMessageNumber, 4 SequenceNumber, 5 all */
    int payloadHdr;  /* PayloadHeader */
    int classId;     /* DataSetClassId */
    int ts;          /* 0 none, 1 Timestamp, 2 Timestamp and PicoSeconds */
    int promoted;    /* PromotedFields */
    int sec;         /* SecurityHeader and footer (not signed here) */
    int enc;         /* 0 Variant, 1 RawData, 2 DataValue */
    int count;       /* DataSetMessages (2 only with a PayloadHeader) */
    int dsBits;      /* DataSetMessage header: 1 seq, 2 status, 4 major, 8 minor, 16 timestamp, 32 picoseconds */
    int dsType;      /* 0 key frame, 1 delta frame, 2 keep-alive (RawData: key frames only) */
    int configured;  /* ConfiguredSize 128 */
} grid_cfg;

static grid_cfg grid_at(int idx) {
    grid_cfg g;
    int k = idx;
    g.pubType = k % 6; k /= 6;
    g.group = k % 6; k /= 6;
    g.payloadHdr = k % 2; k /= 2;
    g.classId = k % 2; k /= 2;
    g.ts = k % 3; k /= 3;
    g.promoted = k % 2; k /= 2;
    g.sec = k % 2; k /= 2;
    g.enc = k % 3; k /= 3;
    g.count = g.payloadHdr ? (k % 2) + 1 : 1;
    g.dsBits = (idx * 7) % 64;
    if(!(g.dsBits & 16))
        g.dsBits &= ~32;
    g.dsType = (idx / 5) % 3;
    if(g.enc == 1)
        g.dsType = 0;
    g.configured = (idx % 11) == 0;
    return g;
}
#endif
