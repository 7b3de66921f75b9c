/* o6sub: an open62541 subscriber on loopback for the interop test: reads
 * DataSetMessages of PublisherId 2234, WriterGroup 100, DataSetWriter 62541
 * from URL into target variables, and once every field has arrived prints
 * "FIELD name type value" lines and exits 0 (exit 3 after SECONDS without). */
#include "common.h"

static UA_NodeId targets[NFIELDS];

static int allArrived(UA_Server *server) {
    for(int i = 0; i < NFIELDS; i++) {
        UA_Variant v;
        if(UA_Server_readValue(server, targets[i], &v) != UA_STATUSCODE_GOOD)
            return 0;
        /* Every field the publishers of the test send is non-zero: a zero
         * value (the variable's initial one) has not arrived yet. */
        int ok = !UA_Variant_isEmpty(&v);
        if(ok && v.type == &UA_TYPES[UA_TYPES_STRING])
            ok = ((UA_String *)v.data)->length > 0;
        else if(ok) {
            ok = 0;
            for(size_t j = 0; j < v.type->memSize; j++)
                ok |= ((UA_Byte *)v.data)[j] != 0;
        }
        UA_Variant_clear(&v);
        if(!ok)
            return 0;
    }
    return 1;
}

int main(int argc, char **argv) {
    args a;
    if(parseArgs(argc, argv, &a) != 0)
        return 2;
    initKeys();
    UA_Server *server = newServer(&a);
    if(!server)
        return 1;
    UA_ServerConfig *config = UA_Server_getConfig(server);

    UA_NodeId connId, rgId, dsrId;
    if(addConnection(server, &a, 4321, &connId) != UA_STATUSCODE_GOOD)
        return 1;

    UA_ReaderGroupConfig rc;
    memset(&rc, 0, sizeof(rc));
    rc.name = UA_STRING("uabin ReaderGroup");
    rc.securityMode = (UA_MessageSecurityMode)a.mode;
    if(a.mode > 1)
        rc.securityPolicy = &config->pubSubConfig.securityPolicies[0];
    if(UA_Server_addReaderGroup(server, connId, &rc, &rgId) != UA_STATUSCODE_GOOD)
        return 1;
    if(a.mode > 1)
        UA_Server_setReaderGroupEncryptionKeys(server, rgId, TOKEN_ID, keyBytes(signingKey, 32),
                                               keyBytes(encryptingKey, a.aes256 ? 32 : 16), keyBytes(keyNonce, 4));

    UA_DataSetReaderConfig dc;
    memset(&dc, 0, sizeof(dc));
    dc.name = UA_STRING("uabin DataSetReader");
    dc.publisherId.idType = UA_PUBLISHERIDTYPE_UINT16;
    dc.publisherId.id.uint16 = PUBLISHER_ID;
    dc.writerGroupId = WRITER_GROUP_ID;
    dc.dataSetWriterId = DATASET_WRITER_ID;
    dc.dataSetFieldContentMask = fieldContentMask(a.enc);
    UA_DataSetMetaDataType *md = &dc.dataSetMetaData;
    md->name = UA_STRING("uabin DataSet");
    md->fieldsSize = NFIELDS;
    md->fields = (UA_FieldMetaData *)UA_Array_new(NFIELDS, &UA_TYPES[UA_TYPES_FIELDMETADATA]);
    for(int i = 0; i < NFIELDS; i++) {
        md->fields[i].dataType = UA_TYPES[fieldTypes[i]].typeId;
        md->fields[i].builtInType = (UA_Byte)(UA_TYPES[fieldTypes[i]].typeKind + 1);
        md->fields[i].name = UA_STRING((char *)fieldNames[i]);
        md->fields[i].valueRank = UA_VALUERANK_SCALAR;
        if(fieldTypes[i] == UA_TYPES_STRING)
            md->fields[i].maxStringLength = MAX_STRING_LENGTH;
    }
    if(UA_Server_addDataSetReader(server, rgId, &dc, &dsrId) != UA_STATUSCODE_GOOD)
        return 1;

    UA_FieldTargetDataType tv[NFIELDS];
    memset(tv, 0, sizeof(tv));
    for(int i = 0; i < NFIELDS; i++) {
        UA_VariableAttributes va = UA_VariableAttributes_default;
        va.dataType = UA_TYPES[fieldTypes[i]].typeId;
        va.displayName = UA_LOCALIZEDTEXT("", (char *)fieldNames[i]);
        targets[i] = UA_NODEID_NUMERIC(1, (UA_UInt32)(2000 + i));
        UA_Server_addVariableNode(server, targets[i], UA_NS0ID(OBJECTSFOLDER), UA_NS0ID(ORGANIZES),
                                  UA_QUALIFIEDNAME(1, (char *)fieldNames[i]), UA_NS0ID(BASEDATAVARIABLETYPE),
                                  va, NULL, NULL);
        tv[i].attributeId = UA_ATTRIBUTEID_VALUE;
        tv[i].targetNodeId = targets[i];
    }
    UA_Server_setDataSetReaderTargetVariables(server, dsrId, NFIELDS, tv);
    UA_free(md->fields);

    UA_Server_enableAllPubSubComponents(server);
    printf("SUBSCRIBED\n");
    fflush(stdout);
    runFor(server, a.seconds, allArrived);
    int ok = allArrived(server);
    for(int i = 0; ok && i < NFIELDS; i++) {
        UA_Variant v;
        UA_Server_readValue(server, targets[i], &v);
        UA_String s = UA_STRING_NULL;
        UA_print(v.data, v.type, &s);
        printf("FIELD %s %s %.*s\n", fieldNames[i], v.type->typeName, (int)s.length, s.data);
        UA_String_clear(&s);
        UA_Variant_clear(&v);
    }
    UA_Server_delete(server);
    return ok ? 0 : 3;
}
