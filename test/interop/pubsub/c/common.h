/* common.h: what the open62541 publisher and subscriber of the interop test
 * share with test/interop/pubsub/interop_test.go: the DataSet (nine scalar
 * fields and their values), the ids and the group keys. */
#ifndef UABIN_PUBSUB_COMMON_H
#define UABIN_PUBSUB_COMMON_H

#include <open62541/plugin/log_stdout.h>
#include <open62541/plugin/securitypolicy_default.h>
#include <open62541/server.h>
#include <open62541/server_config_default.h>
#include <open62541/server_pubsub.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PUBLISHER_ID 2234
#define WRITER_GROUP_ID 100
#define DATASET_WRITER_ID 62541
#define TOKEN_ID 1

#define NFIELDS 9
#define MAX_STRING_LENGTH 16 /* the String field, padded in RawData */
static const char *fieldNames[NFIELDS] = {"i32", "dbl", "str", "bool", "u64", "flt", "dt", "byt", "i16"};
static const int fieldTypes[NFIELDS] = {UA_TYPES_INT32, UA_TYPES_DOUBLE, UA_TYPES_STRING, UA_TYPES_BOOLEAN,
                                        UA_TYPES_UINT64, UA_TYPES_FLOAT, UA_TYPES_DATETIME, UA_TYPES_BYTE, UA_TYPES_INT16};

static UA_Int32 v_i32 = -42;
static UA_Double v_dbl = 3.25;
static UA_String v_str = {9, (UA_Byte *)"open62541"};
static UA_Boolean v_bool = true;
static UA_UInt64 v_u64 = 0x1122334455667788ULL;
static UA_Float v_flt = 1.5f;
static UA_DateTime v_dt = 133500000000000000LL;
static UA_Byte v_byt = 200;
static UA_Int16 v_i16 = -7;
static void *fieldValues[NFIELDS] = {&v_i32, &v_dbl, &v_str, &v_bool, &v_u64, &v_flt, &v_dt, &v_byt, &v_i16};

static UA_Byte signingKey[32], encryptingKey[32], keyNonce[4];

static void initKeys(void) {
    for(int i = 0; i < 32; i++) {
        signingKey[i] = (UA_Byte)(1 + i);
        encryptingKey[i] = (UA_Byte)(0x41 + i);
    }
    for(int i = 0; i < 4; i++)
        keyNonce[i] = (UA_Byte)(0x71 + i);
}

/* args: URL ENCODING(variant|raw|datavalue) MODE(none|sign|encrypt) POLICY(128|256) TCPPORT SECONDS */
typedef struct {
    const char *url;
    int enc;  /* 0 variant, 1 raw, 2 datavalue */
    int mode; /* 1 none, 2 sign, 3 sign and encrypt */
    int aes256;
    UA_UInt16 tcpPort;
    double seconds;
} args;

static int parseArgs(int argc, char **argv, args *a) {
    if(argc != 7) {
        fprintf(stderr, "usage: %s opc.udp://127.0.0.1:PORT/ variant|raw|datavalue none|sign|encrypt 128|256 TCPPORT SECONDS\n", argv[0]);
        return -1;
    }
    a->url = argv[1];
    a->enc = strcmp(argv[2], "raw") == 0 ? 1 : strcmp(argv[2], "datavalue") == 0 ? 2 : 0;
    a->mode = strcmp(argv[3], "sign") == 0 ? 2 : strcmp(argv[3], "encrypt") == 0 ? 3 : 1;
    a->aes256 = strcmp(argv[4], "256") == 0;
    a->tcpPort = (UA_UInt16)atoi(argv[5]);
    a->seconds = atof(argv[6]);
    if(strncmp(a->url, "opc.udp://127.", 14) != 0) {
        fprintf(stderr, "only loopback addresses (opc.udp://127.x.y.z:port/)\n");
        return -1;
    }
    return 0;
}

/* newServer: a server whose OPC UA TCP endpoint listens on loopback only,
 * with the PubSub policy of a. */
static UA_Server *newServer(const args *a) {
    UA_ServerConfig config;
    memset(&config, 0, sizeof(config));
    UA_ServerConfig_setMinimal(&config, a->tcpPort, NULL);
    char url[64];
    snprintf(url, sizeof(url), "opc.tcp://127.0.0.1:%u", (unsigned)a->tcpPort);
    UA_Array_delete(config.serverUrls, config.serverUrlsSize, &UA_TYPES[UA_TYPES_STRING]);
    config.serverUrls = UA_String_new();
    *config.serverUrls = UA_STRING_ALLOC(url);
    config.serverUrlsSize = 1;
    config.pubSubConfig.securityPolicies = (UA_PubSubSecurityPolicy *)UA_malloc(sizeof(UA_PubSubSecurityPolicy));
    config.pubSubConfig.securityPoliciesSize = 1;
    if(a->aes256)
        UA_PubSubSecurityPolicy_Aes256Ctr(config.pubSubConfig.securityPolicies, config.logging);
    else
        UA_PubSubSecurityPolicy_Aes128Ctr(config.pubSubConfig.securityPolicies, config.logging);
    return UA_Server_newWithConfig(&config);
}

/* addConnection adds the UDP PubSubConnection of a, with a UInt16
 * PublisherId. */
static UA_StatusCode addConnection(UA_Server *server, const args *a, UA_UInt16 publisherId, UA_NodeId *connId) {
    UA_NetworkAddressUrlDataType addr = {UA_STRING_NULL, UA_STRING((char *)a->url)};
    UA_PubSubConnectionConfig cc;
    memset(&cc, 0, sizeof(cc));
    cc.name = UA_STRING("uabin interop");
    cc.transportProfileUri = UA_STRING("http://opcfoundation.org/UA-Profile/Transport/pubsub-udp-uadp");
    UA_Variant_setScalar(&cc.address, &addr, &UA_TYPES[UA_TYPES_NETWORKADDRESSURLDATATYPE]);
    cc.publisherId.idType = UA_PUBLISHERIDTYPE_UINT16;
    cc.publisherId.id.uint16 = publisherId;
    return UA_Server_addPubSubConnection(server, &cc, connId);
}

static UA_ByteString keyBytes(UA_Byte *k, size_t n) {
    UA_ByteString b = {n, k};
    return b;
}

static UA_DataSetFieldContentMask fieldContentMask(int enc) {
    if(enc == 1)
        return UA_DATASETFIELDCONTENTMASK_RAWDATA;
    if(enc == 2)
        return (UA_DataSetFieldContentMask)(UA_DATASETFIELDCONTENTMASK_STATUSCODE |
                                            UA_DATASETFIELDCONTENTMASK_SOURCETIMESTAMP);
    return UA_DATASETFIELDCONTENTMASK_NONE;
}

static void runFor(UA_Server *server, double seconds, int (*done)(UA_Server *)) {
    UA_Server_run_startup(server);
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for(;;) {
        UA_Server_run_iterate(server, true);
        if(done && done(server))
            break;
        clock_gettime(CLOCK_MONOTONIC, &t);
        if((double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) / 1e9 > seconds)
            break;
    }
    UA_Server_run_shutdown(server);
}
#endif
