/* nmgrid: encodes the grid of grid.h with open62541's
 * UA_NetworkMessage_encodeBinary and prints one line per configuration:
 * "INDEX HEX" or "INDEX ERR STATUS". Used by test/interop/pubsub/run.sh and
 * to record pubsub/testdata/open62541-grid.txt.gz. */
#include <open62541/types.h>
#include <open62541/pubsub.h>
#include <stdio.h>
#include <string.h>
#include "grid.h"

static void set_dv(UA_DataValue *dv, int enc, int which, int idx) {
    UA_DataValue_init(dv);
    static UA_String s = {5, (UA_Byte *)"uabin"};
    static UA_Double d = 2.5;
    static UA_Int32 iv[GRID_SIZE];
    iv[idx] = (UA_Int32)idx;
    if(which == 0)
        UA_Variant_setScalar(&dv->value, &iv[idx], &UA_TYPES[UA_TYPES_INT32]);
    else if(which == 1)
        UA_Variant_setScalar(&dv->value, &d, &UA_TYPES[UA_TYPES_DOUBLE]);
    else
        UA_Variant_setScalar(&dv->value, &s, &UA_TYPES[UA_TYPES_STRING]);
    dv->hasValue = true;
    if(enc == 2) {
        dv->hasStatus = true;
        dv->status = 0x40000000;
        dv->hasSourceTimestamp = true;
        dv->sourceTimestamp = 132000000000000000LL;
    }
}

int main(void) {
    static UA_Byte nonce[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    static UA_Byte footer[4] = {1, 2, 3, 4};
    UA_FieldMetaData fmd[3];
    memset(fmd, 0, sizeof(fmd));
    int bts[3] = {UA_TYPES_INT32, UA_TYPES_DOUBLE, UA_TYPES_STRING};
    for(int i = 0; i < 3; i++) {
        fmd[i].dataType = UA_TYPES[bts[i]].typeId;
        fmd[i].builtInType = (UA_Byte)(UA_TYPES[bts[i]].typeKind + 1);
        fmd[i].valueRank = -1;
    }
    UA_Byte buf[4096];
    for(int idx = 0; idx < GRID_SIZE; idx++) {
        grid_cfg g = grid_at(idx);
        UA_NetworkMessage nm;
        memset(&nm, 0, sizeof(nm));
        nm.version = 1;
        if(g.pubType) {
            nm.publisherIdEnabled = true;
            switch(g.pubType) {
            case 1: nm.publisherId.idType = UA_PUBLISHERIDTYPE_BYTE; nm.publisherId.id.byte = 7; break;
            case 2: nm.publisherId.idType = UA_PUBLISHERIDTYPE_UINT16; nm.publisherId.id.uint16 = 1234; break;
            case 3: nm.publisherId.idType = UA_PUBLISHERIDTYPE_UINT32; nm.publisherId.id.uint32 = 123456; break;
            case 4: nm.publisherId.idType = UA_PUBLISHERIDTYPE_UINT64; nm.publisherId.id.uint64 = 0x0102030405060708ULL; break;
            case 5: nm.publisherId.idType = UA_PUBLISHERIDTYPE_STRING; nm.publisherId.id.string = UA_STRING("pub-1"); break;
            }
        }
        if(g.group) {
            nm.groupHeaderEnabled = true;
            nm.groupHeader.writerGroupIdEnabled = g.group == 1 || g.group == 5;
            nm.groupHeader.writerGroupId = 100;
            nm.groupHeader.groupVersionEnabled = g.group == 2 || g.group == 5;
            nm.groupHeader.groupVersion = 12345678;
            nm.groupHeader.networkMessageNumberEnabled = g.group == 3 || g.group == 5;
            nm.groupHeader.networkMessageNumber = 3;
            nm.groupHeader.sequenceNumberEnabled = g.group == 4 || g.group == 5;
            nm.groupHeader.sequenceNumber = (UA_UInt16)(idx & 0xff);
        }
        nm.payloadHeaderEnabled = g.payloadHdr;
        if(g.classId) {
            nm.dataSetClassIdEnabled = true;
            nm.dataSetClassId = (UA_Guid){0x72962B91, 0xFA75, 0x4AE6, {0x8D, 0x28, 0xB4, 0x04, 0xDC, 0x7D, 0xAF, 0x63}};
        }
        if(g.ts) {
            nm.timestampEnabled = true;
            nm.timestamp = 134000000000000000LL;
        }
        if(g.ts == 2) {
            nm.picosecondsEnabled = true;
            nm.picoseconds = 99;
        }
        UA_Variant pf[2];
        static UA_UInt32 pfu = 7;
        static UA_String pfs = {1, (UA_Byte *)"p"};
        if(g.promoted) {
            UA_Variant_setScalar(&pf[0], &pfu, &UA_TYPES[UA_TYPES_UINT32]);
            UA_Variant_setScalar(&pf[1], &pfs, &UA_TYPES[UA_TYPES_STRING]);
            nm.promotedFieldsEnabled = true;
            nm.promotedFieldsSize = 2;
            nm.promotedFields = pf;
        }
        if(g.sec) {
            nm.securityEnabled = true;
            nm.securityHeader.networkMessageSigned = true;
            nm.securityHeader.networkMessageEncrypted = idx % 2;
            nm.securityHeader.forceKeyReset = idx % 4 == 1;
            nm.securityHeader.securityTokenId = 7;
            nm.securityHeader.messageNonceSize = 8;
            memcpy(nm.securityHeader.messageNonce, nonce, 8);
            nm.securityHeader.securityFooterEnabled = true;
            nm.securityHeader.securityFooterSize = 4;
            nm.securityFooter = (UA_ByteString){4, footer};
        }
        UA_DataSetMessage dsm[2];
        UA_DataValue kf[2][3];
        UA_DataSetMessage_DeltaFrameField df[2][2];
        UA_DataSetMessage_EncodingMetaData emd[2];
        memset(dsm, 0, sizeof(dsm));
        memset(emd, 0, sizeof(emd));
        nm.messageCount = (UA_Byte)g.count;
        for(int i = 0; i < g.count; i++) {
            UA_DataSetMessage *m = &dsm[i];
            nm.dataSetWriterIds[i] = (UA_UInt16)(62541 + i);
            emd[i].dataSetWriterId = (UA_UInt16)(62541 + i);
            emd[i].fieldsSize = 3;
            emd[i].fields = fmd;
            emd[i].configuredSize = g.configured ? 128 : 0;
            m->header.dataSetMessageValid = true;
            m->header.fieldEncoding = g.enc == 0 ? UA_FIELDENCODING_VARIANT :
                g.enc == 1 ? UA_FIELDENCODING_RAWDATA : UA_FIELDENCODING_DATAVALUE;
            m->header.dataSetMessageSequenceNrEnabled = (g.dsBits & 1) != 0;
            m->header.dataSetMessageSequenceNr = (UA_UInt16)idx;
            m->header.statusEnabled = (g.dsBits & 2) != 0;
            m->header.status = 0x8000;
            m->header.configVersionMajorVersionEnabled = (g.dsBits & 4) != 0;
            m->header.configVersionMajorVersion = (UA_UInt32)(1000 + idx);
            m->header.configVersionMinorVersionEnabled = (g.dsBits & 8) != 0;
            m->header.configVersionMinorVersion = 2000;
            m->header.timestampEnabled = (g.dsBits & 16) != 0;
            m->header.timestamp = 133000000000000000LL + idx;
            m->header.picoSecondsIncluded = (g.dsBits & 32) != 0;
            m->header.picoSeconds = 123;
            if(g.dsType == 0) {
                m->header.dataSetMessageType = UA_DATASETMESSAGE_DATAKEYFRAME;
                for(int f = 0; f < 3; f++)
                    set_dv(&kf[i][f], g.enc, f, idx);
                m->fieldCount = 3;
                m->data.keyFrameFields = kf[i];
            } else if(g.dsType == 1) {
                m->header.dataSetMessageType = UA_DATASETMESSAGE_DATADELTAFRAME;
                df[i][0].index = 0;
                set_dv(&df[i][0].value, g.enc, 0, idx);
                df[i][1].index = 2;
                set_dv(&df[i][1].value, g.enc, 2, idx);
                m->fieldCount = 2;
                m->data.deltaFrameFields = df[i];
            } else {
                m->header.dataSetMessageType = UA_DATASETMESSAGE_KEEPALIVE;
            }
        }
        nm.payload.dataSetMessages = dsm;
        UA_NetworkMessage_EncodingOptions eo = {(size_t)g.count, emd};
        UA_ByteString out = {sizeof(buf), buf};
        UA_StatusCode rv = UA_NetworkMessage_encodeBinary(&nm, &out, &eo);
        if(rv != UA_STATUSCODE_GOOD) {
            printf("%d ERR %s\n", idx, UA_StatusCode_name(rv));
            continue;
        }
        printf("%d ", idx);
        for(size_t i = 0; i < out.length; i++)
            printf("%02x", out.data[i]);
        printf("\n");
    }
    return 0;
}
