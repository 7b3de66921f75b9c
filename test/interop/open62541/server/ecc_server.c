/* open62541 interop server for uabin's ECC policies (built by build.sh
 * against open62541 v1.5.7 with UA_ENABLE_ENCRYPTION=OPENSSL).
 *
 * Usage: ecc_server PORT SECONDS PKI_DIR
 *
 * PKI_DIR holds p256_cert.der/p256_key.der (EC nistP256),
 * p384_cert.der/p384_key.der (EC nistP384), ed25519_cert.der/ed25519_key.der
 * and ed448_cert.der/ed448_key.der, as build.sh makes them. The server
 * listens on opc.tcp://127.0.0.1:PORT (PORT 0: a free port) with endpoints
 * for SecurityPolicy None, and ECC_nistP256, ECC_nistP384,
 * ECC_nistP256_AesGcm, ECC_nistP256_ChaChaPoly, ECC_curve25519 and
 * ECC_curve448 in Sign and SignAndEncrypt (open62541 does not add them all
 * to its default set, so each is added explicitly with the certificate of
 * its curve: Ed25519 for curve25519, Ed448 for curve448).
 * Every client certificate is accepted, anonymous sessions are allowed, and
 * the address space has
 *
 *   ns=1;s=Demo                 Folder under Objects (Organizes)
 *   ns=1;s=Demo.Double          Double 3.141592653589793
 *   ns=1;s=Demo.Int32           Int32 -2000000000
 *   ns=1;s=Demo.String          String "Hello from open62541"
 *   ns=1;s=Demo.LargeDouble     Double[20000], element i = i * 0.25
 *
 * It prints one "endpoint URI MODE" line per endpoint, then
 * "SERVER READY opc.tcp://127.0.0.1:PORT" once listening, and exits after
 * SECONDS or on SIGINT/SIGTERM.
 */
#include <open62541/server.h>
#include <open62541/server_config_default.h>
#include <open62541/plugin/log_stdout.h>
#include <open62541/plugin/certificategroup_default.h>
#include <open62541/plugin/accesscontrol_default.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define APP_URI "urn:open62541.server.application"

static volatile UA_Boolean running = true;
static void onSignal(int sig) { (void)sig; running = false; }

/* readAll returns the contents of DIR/NAME, or a null ByteString. */
static UA_ByteString readAll(const char *dir, const char *name) {
    char path[4096];
    UA_ByteString out = UA_BYTESTRING_NULL;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if(!f) {
        fprintf(stderr, "ecc_server: %s: %s\n", path, strerror(errno));
        return out;
    }
    if(fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        rewind(f);
        if(n > 0 && UA_ByteString_allocBuffer(&out, (size_t)n) == UA_STATUSCODE_GOOD &&
           fread(out.data, 1, (size_t)n, f) != (size_t)n)
            UA_ByteString_clear(&out);
    }
    fclose(f);
    return out;
}

/* freePort binds 127.0.0.1:port without SO_REUSEPORT (open62541 listens with
 * it, so a second server on a taken port would share its connections) and
 * returns the port bound (a free one for 0), or 0. */
static int freePort(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if(fd < 0)
        return 0;
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof(sa));
    sa.sin_family = AF_INET;
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    sa.sin_port = htons((uint16_t)port);
    socklen_t len = sizeof(sa);
    int got = 0;
    if(bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0 &&
       getsockname(fd, (struct sockaddr *)&sa, &len) == 0)
        got = ntohs(sa.sin_port);
    close(fd);
    return got;
}

static UA_StatusCode variable(UA_Server *server, const char *id, const char *name,
                              const UA_DataType *type, UA_Int32 rank,
                              UA_UInt32 *dims, size_t ndims, const UA_Variant *value) {
    UA_VariableAttributes a = UA_VariableAttributes_default;
    a.displayName = UA_LOCALIZEDTEXT("en", (char *)(uintptr_t)name);
    a.dataType = type->typeId;
    a.valueRank = rank;
    a.arrayDimensions = dims;
    a.arrayDimensionsSize = ndims;
    a.accessLevel = UA_ACCESSLEVELMASK_READ;
    a.userAccessLevel = UA_ACCESSLEVELMASK_READ;
    a.value = *value;
    return UA_Server_addVariableNode(server, UA_NODEID_STRING(1, (char *)(uintptr_t)id),
                                     UA_NODEID_STRING(1, "Demo"), UA_NS0ID(ORGANIZES),
                                     UA_QUALIFIEDNAME(1, (char *)(uintptr_t)name),
                                     UA_NS0ID(BASEDATAVARIABLETYPE), a, NULL, NULL);
}

static UA_StatusCode addressSpace(UA_Server *server) {
    UA_ObjectAttributes fa = UA_ObjectAttributes_default;
    fa.displayName = UA_LOCALIZEDTEXT("en", "Demo");
    UA_StatusCode rc = UA_Server_addObjectNode(server, UA_NODEID_STRING(1, "Demo"),
                                               UA_NS0ID(OBJECTSFOLDER), UA_NS0ID(ORGANIZES),
                                               UA_QUALIFIEDNAME(1, "Demo"), UA_NS0ID(FOLDERTYPE),
                                               fa, NULL, NULL);
    UA_Variant v;
    UA_Double d = 3.141592653589793;
    UA_Variant_setScalar(&v, &d, &UA_TYPES[UA_TYPES_DOUBLE]);
    rc |= variable(server, "Demo.Double", "Double", &UA_TYPES[UA_TYPES_DOUBLE],
                   UA_VALUERANK_SCALAR, NULL, 0, &v);
    UA_Int32 i = -2000000000;
    UA_Variant_setScalar(&v, &i, &UA_TYPES[UA_TYPES_INT32]);
    rc |= variable(server, "Demo.Int32", "Int32", &UA_TYPES[UA_TYPES_INT32],
                   UA_VALUERANK_SCALAR, NULL, 0, &v);
    UA_String s = UA_STRING("Hello from open62541");
    UA_Variant_setScalar(&v, &s, &UA_TYPES[UA_TYPES_STRING]);
    rc |= variable(server, "Demo.String", "String", &UA_TYPES[UA_TYPES_STRING],
                   UA_VALUERANK_SCALAR, NULL, 0, &v);
    enum { N = 20000 };
    UA_Double *big = (UA_Double *)UA_Array_new(N, &UA_TYPES[UA_TYPES_DOUBLE]);
    if(!big)
        return UA_STATUSCODE_BADOUTOFMEMORY;
    for(size_t k = 0; k < N; k++)
        big[k] = (UA_Double)k * 0.25;
    UA_Variant_setArray(&v, big, N, &UA_TYPES[UA_TYPES_DOUBLE]);
    UA_UInt32 dims[1] = {N};
    rc |= variable(server, "Demo.LargeDouble", "LargeDouble", &UA_TYPES[UA_TYPES_DOUBLE],
                   UA_VALUERANK_ONE_DIMENSION, dims, 1, &v);
    UA_Array_delete(big, N, &UA_TYPES[UA_TYPES_DOUBLE]);
    return rc;
}

/* policy adds an ECC policy with the certificate pair NAME_cert.der and
 * NAME_key.der of dir, and its Sign and SignAndEncrypt endpoints. */
static UA_StatusCode policy(UA_ServerConfig *config, const char *dir, const char *name,
                            const char *uri,
                            UA_StatusCode (*add)(UA_ServerConfig *, const UA_ByteString *,
                                                 const UA_ByteString *)) {
    char file[64];
    snprintf(file, sizeof(file), "%s_cert.der", name);
    UA_ByteString cert = readAll(dir, file);
    snprintf(file, sizeof(file), "%s_key.der", name);
    UA_ByteString key = readAll(dir, file);
    UA_StatusCode rc = UA_STATUSCODE_BADINTERNALERROR;
    if(cert.length > 0 && key.length > 0)
        rc = add(config, &cert, &key);
    UA_ByteString_clear(&cert);
    UA_ByteString_clear(&key);
    if(rc != UA_STATUSCODE_GOOD) {
        fprintf(stderr, "ecc_server: %s: %s\n", uri, UA_StatusCode_name(rc));
        return rc;
    }
    rc = UA_ServerConfig_addEndpoint(config, UA_STRING((char *)(uintptr_t)uri),
                                     UA_MESSAGESECURITYMODE_SIGN);
    rc |= UA_ServerConfig_addEndpoint(config, UA_STRING((char *)(uintptr_t)uri),
                                      UA_MESSAGESECURITYMODE_SIGNANDENCRYPT);
    return rc;
}

int main(int argc, char **argv) {
    if(argc != 4) {
        fprintf(stderr, "usage: %s PORT SECONDS PKI_DIR\n", argv[0]);
        return 2;
    }
    int port = atoi(argv[1]), seconds = atoi(argv[2]);
    if(port < 0 || port > 65535 || seconds <= 0) {
        fprintf(stderr, "ecc_server: bad PORT or SECONDS\n");
        return 2;
    }
    if((port = freePort(port)) == 0) {
        fprintf(stderr, "ecc_server: the port is taken\n");
        return 1;
    }
    signal(SIGINT, onSignal);
    signal(SIGTERM, onSignal);
    setvbuf(stdout, NULL, _IOLBF, 0);

    UA_Server *server = UA_Server_new();
    UA_ServerConfig *config = UA_Server_getConfig(server);
    /* SecurityPolicy None and its endpoint, on the given port */
    UA_StatusCode rc = UA_ServerConfig_setMinimal(config, (UA_UInt16)port, NULL);
    /* The PKI first: the policies are created against it */
    config->secureChannelPKI.clear(&config->secureChannelPKI);
    UA_CertificateGroup_AcceptAll(&config->secureChannelPKI);
    config->sessionPKI.clear(&config->sessionPKI);
    UA_CertificateGroup_AcceptAll(&config->sessionPKI);
    /* Each ECC policy with the certificate pair of its curve */
    static const struct {
        const char *pki, *uri;
        UA_StatusCode (*add)(UA_ServerConfig *, const UA_ByteString *, const UA_ByteString *);
    } policies[] = {
        {"p256", "http://opcfoundation.org/UA/SecurityPolicy#ECC_nistP256",
         UA_ServerConfig_addSecurityPolicyEccNistP256},
        {"p384", "http://opcfoundation.org/UA/SecurityPolicy#ECC_nistP384",
         UA_ServerConfig_addSecurityPolicyEccNistP384},
        {"p256", "http://opcfoundation.org/UA/SecurityPolicy#ECC_nistP256_AesGcm",
         UA_ServerConfig_addSecurityPolicyEccNistP256AesGcm},
        {"p256", "http://opcfoundation.org/UA/SecurityPolicy#ECC_nistP256_ChaChaPoly",
         UA_ServerConfig_addSecurityPolicyEccNistP256ChaChaPoly},
        {"ed25519", "http://opcfoundation.org/UA/SecurityPolicy#ECC_curve25519",
         UA_ServerConfig_addSecurityPolicyEccCurve25519},
        {"ed448", "http://opcfoundation.org/UA/SecurityPolicy#ECC_curve448",
         UA_ServerConfig_addSecurityPolicyEccCurve448},
    };
    for(size_t k = 0; k < sizeof(policies) / sizeof(policies[0]); k++)
        rc |= policy(config, argv[3], policies[k].pki, policies[k].uri, policies[k].add);
    if(rc != UA_STATUSCODE_GOOD) {
        fprintf(stderr, "ecc_server: configuration failed: %s\n", UA_StatusCode_name(rc));
        UA_Server_delete(server);
        return 1;
    }
    UA_String_clear(&config->applicationDescription.applicationUri);
    config->applicationDescription.applicationUri = UA_STRING_ALLOC(APP_URI);
    char url[64];
    snprintf(url, sizeof(url), "opc.tcp://127.0.0.1:%d", port);
    UA_Array_delete(config->serverUrls, config->serverUrlsSize, &UA_TYPES[UA_TYPES_STRING]);
    config->serverUrls = (UA_String *)UA_Array_new(1, &UA_TYPES[UA_TYPES_STRING]);
    config->serverUrls[0] = UA_STRING_ALLOC(url);
    config->serverUrlsSize = 1;
    config->accessControl.clear(&config->accessControl);
    rc = UA_AccessControl_default(config, true, NULL, 0, NULL);
    rc |= addressSpace(server);
    if(rc != UA_STATUSCODE_GOOD) {
        fprintf(stderr, "ecc_server: setup failed: %s\n", UA_StatusCode_name(rc));
        UA_Server_delete(server);
        return 1;
    }
    for(size_t k = 0; k < config->endpointsSize; k++) {
        const UA_EndpointDescription *e = &config->endpoints[k];
        const char *mode = e->securityMode == UA_MESSAGESECURITYMODE_NONE ? "None" :
            e->securityMode == UA_MESSAGESECURITYMODE_SIGN ? "Sign" : "SignAndEncrypt";
        printf("endpoint %.*s %s\n", (int)e->securityPolicyUri.length,
               (const char *)e->securityPolicyUri.data, mode);
    }
    rc = UA_Server_run_startup(server);
    if(rc != UA_STATUSCODE_GOOD) {
        fprintf(stderr, "ecc_server: startup failed: %s\n", UA_StatusCode_name(rc));
        UA_Server_delete(server);
        return 1;
    }
    for(int k = 0; k < 5 && running; k++)
        UA_Server_run_iterate(server, false);
    printf("SERVER READY %s\n", url);
    time_t end = time(NULL) + seconds;
    while(running && time(NULL) < end)
        UA_Server_run_iterate(server, true);
    UA_Server_run_shutdown(server);
    UA_Server_delete(server);
    return 0;
}
