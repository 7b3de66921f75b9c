/* o6pub: an open62541 publisher on loopback for the interop test: publishes
 * the nine fields of common.h every 50 ms to URL for SECONDS, with the field
 * encoding and security of its arguments (see common.h). */
#include "common.h"

int main(int argc, char **argv) {
    args a;
    if(parseArgs(argc, argv, &a) != 0)
        return 2;
    initKeys();
    UA_Server *server = newServer(&a);
    if(!server)
        return 1;
    UA_ServerConfig *config = UA_Server_getConfig(server);

    UA_NodeId connId, pdsId, wgId, dswId;
    if(addConnection(server, &a, PUBLISHER_ID, &connId) != UA_STATUSCODE_GOOD)
        return 1;

    UA_PublishedDataSetConfig pc;
    memset(&pc, 0, sizeof(pc));
    pc.publishedDataSetType = UA_PUBSUB_DATASET_PUBLISHEDITEMS;
    pc.name = UA_STRING("uabin DataSet");
    UA_Server_addPublishedDataSet(server, &pc, &pdsId);

    for(int i = 0; i < NFIELDS; i++) {
        UA_VariableAttributes va = UA_VariableAttributes_default;
        UA_Variant_setScalar(&va.value, fieldValues[i], &UA_TYPES[fieldTypes[i]]);
        va.dataType = UA_TYPES[fieldTypes[i]].typeId;
        va.valueRank = UA_VALUERANK_SCALAR;
        va.displayName = UA_LOCALIZEDTEXT("", (char *)fieldNames[i]);
        UA_NodeId vid = UA_NODEID_NUMERIC(1, (UA_UInt32)(1000 + i));
        UA_Server_addVariableNode(server, vid, UA_NS0ID(OBJECTSFOLDER), UA_NS0ID(ORGANIZES),
                                  UA_QUALIFIEDNAME(1, (char *)fieldNames[i]), UA_NS0ID(BASEDATAVARIABLETYPE),
                                  va, NULL, NULL);
        UA_DataSetFieldConfig fc;
        memset(&fc, 0, sizeof(fc));
        fc.dataSetFieldType = UA_PUBSUB_DATASETFIELD_VARIABLE;
        fc.field.variable.fieldNameAlias = UA_STRING((char *)fieldNames[i]);
        fc.field.variable.publishParameters.publishedVariable = vid;
        fc.field.variable.publishParameters.attributeId = UA_ATTRIBUTEID_VALUE;
        if(fieldTypes[i] == UA_TYPES_STRING)
            fc.field.variable.maxStringLength = MAX_STRING_LENGTH;
        UA_NodeId fid;
        UA_Server_addDataSetField(server, pdsId, &fc, &fid);
    }

    UA_WriterGroupConfig wc;
    memset(&wc, 0, sizeof(wc));
    wc.name = UA_STRING("uabin WriterGroup");
    wc.publishingInterval = 50;
    wc.writerGroupId = WRITER_GROUP_ID;
    wc.encodingMimeType = UA_PUBSUB_ENCODING_UADP;
    wc.messageSettings.encoding = UA_EXTENSIONOBJECT_DECODED;
    wc.messageSettings.content.decoded.type = &UA_TYPES[UA_TYPES_UADPWRITERGROUPMESSAGEDATATYPE];
    UA_UadpWriterGroupMessageDataType *wm = UA_UadpWriterGroupMessageDataType_new();
    wm->networkMessageContentMask = (UA_UadpNetworkMessageContentMask)(
        UA_UADPNETWORKMESSAGECONTENTMASK_PUBLISHERID | UA_UADPNETWORKMESSAGECONTENTMASK_GROUPHEADER |
        UA_UADPNETWORKMESSAGECONTENTMASK_WRITERGROUPID | UA_UADPNETWORKMESSAGECONTENTMASK_SEQUENCENUMBER |
        UA_UADPNETWORKMESSAGECONTENTMASK_PAYLOADHEADER);
    wc.messageSettings.content.decoded.data = wm;
    wc.securityMode = (UA_MessageSecurityMode)a.mode;
    if(a.mode > 1)
        wc.securityPolicy = &config->pubSubConfig.securityPolicies[0];
    if(UA_Server_addWriterGroup(server, connId, &wc, &wgId) != UA_STATUSCODE_GOOD)
        return 1;
    UA_UadpWriterGroupMessageDataType_delete(wm);
    if(a.mode > 1)
        UA_Server_setWriterGroupEncryptionKeys(server, wgId, TOKEN_ID, keyBytes(signingKey, 32),
                                               keyBytes(encryptingKey, a.aes256 ? 32 : 16), keyBytes(keyNonce, 4));

    UA_DataSetWriterConfig dc;
    memset(&dc, 0, sizeof(dc));
    dc.name = UA_STRING("uabin DataSetWriter");
    dc.dataSetWriterId = DATASET_WRITER_ID;
    dc.keyFrameCount = 1;
    dc.dataSetFieldContentMask = fieldContentMask(a.enc);
    if(UA_Server_addDataSetWriter(server, wgId, pdsId, &dc, &dswId) != UA_STATUSCODE_GOOD)
        return 1;

    UA_Server_enableAllPubSubComponents(server);
    printf("PUBLISHING\n");
    fflush(stdout);
    runFor(server, a.seconds, NULL);
    UA_Server_delete(server);
    return 0;
}
