// record.mjs: records a session between the pinned node-opcua client and the
// node-opcua server of server.mjs, every service message as it travels.
//
//   node record.mjs [--out testdata/session]
//
// It starts server.mjs on a free loopback port (PKI folders in a temporary
// directory), puts a small TCP proxy in front of it, and runs a node-opcua
// client through the proxy under SecurityPolicy None: GetEndpoints,
// FindServers, CreateSession/ActivateSession, Reads of every built-in type
// (scalars, arrays, a matrix, 20,000 Doubles in many chunks), attribute
// reads, Browse with continuation points and BrowseNext, TranslateBrowsePaths,
// RegisterNodes, Write, Call, a subscription with data-change and event
// monitored items and its Publish responses, HistoryRead of a historizing
// variable with a continuation point, a ServiceFault, CloseSession and
// CloseSecureChannel.
//
// The proxy parses UA TCP / Secure Conversation framing (Part 6 §7.1) in
// both directions. For OPN, MSG and CLO chunks it strips the message header,
// the security header (asymmetric for OPN, the token id for MSG and CLO) and
// the sequence header; under SecurityPolicy None there is no padding and no
// signature, so the rest of each chunk is body. The bodies of the chunks of
// one message (same request id, final chunk 'F') are concatenated: that is
// the service message, the encoding NodeId of its type followed by the
// structure. Abort chunks ('A') are counted in the log and their message is
// dropped. HEL, ACK and ERR carry no service message and are not written.
//
// Output, in --out (emptied first):
//   NNN-DIR-TYPE.bin  one file per message, NNN its order (from 001), DIR
//                     c2s (client to server) or s2c, TYPE the message type
//   index.tsv         one line per message, tab separated, with a header:
//                     seq, conn (TCP connection from 1), dir, chunk (OPN, MSG,
//                     CLO), requestId, chunks, type, typeId (numeric id of the
//                     Default Binary encoding in namespace 0), bytes, file
// Every message is also decoded with node-opcua's own codec; the script fails
// if one does not decode to its whole length.
import net from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
    OPCUAClient,
    OPCUACertificateManager,
    MessageSecurityMode,
    SecurityPolicy,
    AttributeIds,
    BrowseDirection,
    BrowseRequest,
    BrowseNextRequest,
    CallRequest,
    CreateMonitoredItemsRequest,
    CreateSubscriptionRequest,
    DataChangeFilter,
    DataChangeTrigger,
    DataType,
    DeadbandType,
    DeleteMonitoredItemsRequest,
    DeleteSubscriptionsRequest,
    HistoryReadRequest,
    ModifyMonitoredItemsRequest,
    ModifySubscriptionRequest,
    MonitoringMode,
    ObjectIds,
    PublishRequest,
    ReadRawModifiedDetails,
    ReadRequest,
    RegisterNodesRequest,
    RepublishRequest,
    SetMonitoringModeRequest,
    SetPublishingModeRequest,
    TimestampsToReturn,
    TranslateBrowsePathsToNodeIdsRequest,
    UnregisterNodesRequest,
    Variant,
    VariantArrayType,
    WriteRequest,
    BinaryStream,
    decodeNodeId,
    constructEventFilter,
    makeBrowsePath,
    resolveNodeId,
    coerceNodeId,
} from "node-opcua";
import { getStandardDataTypeFactory } from "node-opcua-factory";

const here = path.dirname(fileURLToPath(import.meta.url));

function arg(name, def) {
    const i = process.argv.indexOf(name);
    return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : def;
}
const outDir = path.resolve(arg("--out", path.join(here, "testdata", "session")));

// typeNames maps the numeric id of a namespace-0 Default Binary encoding to
// the name of its structure (631 -> ReadRequest).
const typeNames = new Map();
for (const [name, id] of Object.entries(ObjectIds)) {
    const m = /^(.*)_Encoding_DefaultBinary$/.exec(name);
    if (m) typeNames.set(id, m[1]);
}

// ---------------------------------------------------------------- recorder

const messages = [];
let aborts = 0;

// Framer reassembles the messages of one direction of one connection.
class Framer {
    constructor(conn, dir) {
        this.conn = conn;
        this.dir = dir;
        this.buf = Buffer.alloc(0);
        this.partial = new Map(); // request id -> {chunk, bodies}
    }
    push(data) {
        this.buf = Buffer.concat([this.buf, data]);
        while (this.buf.length >= 8) {
            const size = this.buf.readUInt32LE(4);
            if (size < 8) throw new Error(`${this.dir}: chunk size ${size}`);
            if (this.buf.length < size) break;
            const c = this.buf.subarray(0, size);
            this.buf = this.buf.subarray(size);
            this.chunk(c);
        }
    }
    chunk(c) {
        const kind = c.toString("latin1", 0, 3);
        const final = String.fromCharCode(c[3]);
        if (kind === "HEL" || kind === "ACK" || kind === "ERR" || kind === "RHE") return;
        if (kind !== "OPN" && kind !== "MSG" && kind !== "CLO") throw new Error(`${this.dir}: chunk type ${kind}`);
        let off = 12; // message header (8) and secure channel id (4)
        if (kind === "OPN") {
            const policy = this.str(c, off);
            off = policy.next;
            if (policy.value !== "http://opcfoundation.org/UA/SecurityPolicy#None") {
                throw new Error(`${this.dir}: security policy ${policy.value}: only None can be recorded`);
            }
            off = this.str(c, off).next; // sender certificate
            off = this.str(c, off).next; // receiver certificate thumbprint
        } else {
            off += 4; // token id
        }
        off += 4; // sequence number
        const requestId = c.readUInt32LE(off);
        off += 4;
        const body = c.subarray(off);
        let p = this.partial.get(requestId);
        if (!p) {
            p = { kind, bodies: [] };
            this.partial.set(requestId, p);
        }
        if (final === "A") {
            aborts++;
            this.partial.delete(requestId);
            return;
        }
        p.bodies.push(Buffer.from(body));
        if (final === "F") {
            this.partial.delete(requestId);
            record(this.conn, this.dir, kind, requestId, p.bodies.length, Buffer.concat(p.bodies));
        } else if (final !== "C") {
            throw new Error(`${this.dir}: chunk kind ${final}`);
        }
    }
    // str reads an Int32-length-prefixed String or ByteString at off.
    str(c, off) {
        const n = c.readInt32LE(off);
        off += 4;
        if (n <= 0) return { value: null, next: off };
        return { value: c.toString("utf8", off, off + n), next: off + n };
    }
}

function record(conn, dir, kind, requestId, chunks, body) {
    const s = new BinaryStream(body);
    const id = decodeNodeId(s);
    if (id.namespace !== 0 || typeof id.value !== "number") throw new Error(`message type id ${id.toString()}`);
    const type = typeNames.get(id.value);
    if (!type) throw new Error(`message type id ${id.toString()} is not a known encoding`);
    // node-opcua's own decoding must use the whole message.
    const obj = getStandardDataTypeFactory().constructObject(id);
    obj.decode(s);
    if (s.length !== body.length) throw new Error(`${type}: node-opcua decoded ${s.length} of ${body.length} bytes`);
    messages.push({ conn, dir, kind, requestId, chunks, type, typeId: id.value, body });
}

function startProxy(target) {
    let conns = 0;
    const server = net.createServer((down) => {
        const conn = ++conns;
        const up = net.connect(target.port, target.host);
        const c2s = new Framer(conn, "c2s");
        const s2c = new Framer(conn, "s2c");
        const fail = (err) => {
            console.error(`proxy connection ${conn}:`, err);
            process.exitCode = 1;
            down.destroy();
            up.destroy();
        };
        down.on("data", (d) => {
            try { c2s.push(d); } catch (err) { return fail(err); }
            up.write(d);
        });
        up.on("data", (d) => {
            try { s2c.push(d); } catch (err) { return fail(err); }
            down.write(d);
        });
        down.on("end", () => up.end());
        up.on("end", () => down.end());
        down.on("error", () => up.destroy());
        up.on("error", () => down.destroy());
    });
    return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// ------------------------------------------------------------------ server

function freePort() {
    return new Promise((resolve) => {
        const s = net.createServer();
        s.listen(0, "127.0.0.1", () => {
            const p = s.address().port;
            s.close(() => resolve(p));
        });
    });
}

async function startServer(tmp) {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(here, "server.mjs"), "--port", String(port), "--pki", path.join(tmp, "pki")], {
        stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stderr.on("data", (d) => (log += d));
    const endpoint = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server not ready after 120 s:\n${log}`)), 120000);
        child.stdout.on("data", (d) => {
            log += d;
            const m = /READY (\S+)/.exec(log);
            if (m) {
                clearTimeout(timer);
                resolve(m[1]);
            }
        });
        child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
    });
    return { child, port, endpoint };
}

// ------------------------------------------------------------------ client

const ns1 = (s) => coerceNodeId(`ns=1;s=${s}`);

const scalarNames = ["Boolean", "SByte", "Byte", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64", "Float", "Double",
    "String", "DateTime", "Guid", "ByteString", "XmlElement", "NodeId", "ExpandedNodeId", "StatusCode", "QualifiedName",
    "LocalizedText", "ExtensionObject", "DataValue"];
const arrayNames = scalarNames.filter((n) => n !== "DataValue").concat(["Variant"]);

async function session(endpointUrl, tmp) {
    const clientCertificateManager = new OPCUACertificateManager({
        automaticallyAcceptUnknownCertificate: true,
        rootFolder: path.join(tmp, "client-pki"),
    });
    const client = OPCUAClient.create({
        applicationName: "uabin recorder",
        applicationUri: "urn:uabin:recorder",
        clientCertificateManager,
        securityMode: MessageSecurityMode.None,
        securityPolicy: SecurityPolicy.None,
        endpointMustExist: false,
        keepSessionAlive: false,
        connectionStrategy: { maxRetry: 0, initialDelay: 100, maxDelay: 200 },
        requestedSessionTimeout: 60000,
        // Small chunks both ways, so that large messages (the 20,000
        // Doubles, GetEndpoints) travel in many chunks.
        transportSettings: { receiveBufferSize: 8192, sendBufferSize: 8192, maxChunkCount: 4096 },
    });
    await client.connect(endpointUrl);
    await client.getEndpoints();
    await client.findServers();
    const s = await client.createSession();
    const tx = (request) => new Promise((resolve, reject) =>
        s.performMessageTransaction(request, (err, res) => (err ? reject(err) : resolve(res))));
    // txAny is tx for a request the server may refuse with a ServiceFault.
    const txAny = (request) => tx(request).catch((err) => err);

    // Reads: every scalar, every array, the matrix and the large array.
    const value = (nodeId) => ({ nodeId, attributeId: AttributeIds.Value });
    await tx(new ReadRequest({ timestampsToReturn: TimestampsToReturn.Both, nodesToRead: scalarNames.map((n) => value(ns1(`Scalar.${n}`))) }));
    await tx(new ReadRequest({ timestampsToReturn: TimestampsToReturn.Source, nodesToRead: arrayNames.map((n) => value(ns1(`Array.${n}`))) }));
    await tx(new ReadRequest({ timestampsToReturn: TimestampsToReturn.Neither, nodesToRead: [value(ns1("Matrix.Int32")), value(ns1("Nope"))] }));
    await tx(new ReadRequest({ timestampsToReturn: TimestampsToReturn.Server, nodesToRead: [value(ns1("LargeDoubleArray"))] }));
    // Attributes of a variable, of the server status and of a method.
    const attrs = ["NodeId", "NodeClass", "BrowseName", "DisplayName", "Description", "DataType", "ValueRank",
        "ArrayDimensions", "AccessLevel", "UserAccessLevel", "MinimumSamplingInterval", "Historizing", "EventNotifier"];
    await tx(new ReadRequest({
        maxAge: 0,
        timestampsToReturn: TimestampsToReturn.Neither,
        nodesToRead: [
            ...attrs.map((a) => ({ nodeId: ns1("History.Double"), attributeId: AttributeIds[a] })),
            value(resolveNodeId("Server_ServerStatus")),
            value(resolveNodeId("Server_NamespaceArray")),
            { nodeId: ns1("Methods.Add"), attributeId: AttributeIds.Executable },
            { nodeId: ns1("Scalar.Double"), attributeId: AttributeIds.Value, indexRange: "0:1" },
            { nodeId: ns1("Array.Double"), attributeId: AttributeIds.Value, indexRange: "1:2" },
        ],
    }));
    // A ServiceFault: a Read of no nodes is Bad_NothingToDo.
    await txAny(new ReadRequest({ nodesToRead: [] }));

    // Browse: the Interop folder whole, BigFolder in pages of 25 (the
    // server's limit) with BrowseNext, then a continuation point released.
    const browseDesc = (nodeId) => ({
        nodeId,
        browseDirection: BrowseDirection.Forward,
        referenceTypeId: resolveNodeId("References"),
        includeSubtypes: true,
        nodeClassMask: 0,
        resultMask: 0x3f,
    });
    await tx(new BrowseRequest({ requestedMaxReferencesPerNode: 0, nodesToBrowse: [browseDesc(ns1("Interop")), browseDesc(resolveNodeId("ObjectsFolder"))] }));
    let res = await tx(new BrowseRequest({ requestedMaxReferencesPerNode: 0, nodesToBrowse: [browseDesc(ns1("BigFolder"))] }));
    let cp = res.results[0].continuationPoint;
    while (cp && cp.length > 0) {
        res = await tx(new BrowseNextRequest({ releaseContinuationPoints: false, continuationPoints: [cp] }));
        cp = res.results[0].continuationPoint;
    }
    res = await tx(new BrowseRequest({
        requestedMaxReferencesPerNode: 10,
        nodesToBrowse: [{ ...browseDesc(ns1("BigFolder")), browseDirection: BrowseDirection.Both, resultMask: 0x03 }],
    }));
    await tx(new BrowseNextRequest({ releaseContinuationPoints: true, continuationPoints: [res.results[0].continuationPoint] }));
    await tx(new TranslateBrowsePathsToNodeIdsRequest({
        browsePaths: [
            makeBrowsePath("RootFolder", "/Objects/1:Interop/1:Writable/1:Double"),
            makeBrowsePath("RootFolder", "/Objects/1:Interop/1:NoSuchChild"),
        ],
    }));
    const reg = await tx(new RegisterNodesRequest({ nodesToRegister: [ns1("Writable.Double"), ns1("History.Double")] }));
    await tx(new UnregisterNodesRequest({ nodesToUnregister: reg.registeredNodeIds }));

    // Write: three writable variables and a read-only one (refused).
    const write = (nodeId, dataType, v, arrayType = VariantArrayType.Scalar) => ({
        nodeId,
        attributeId: AttributeIds.Value,
        value: { value: new Variant({ dataType, arrayType, value: v }) },
    });
    await tx(new WriteRequest({
        nodesToWrite: [
            write(ns1("Writable.Double"), DataType.Double, 2.5),
            write(ns1("Writable.String"), DataType.String, "written by node-opcua"),
            write(ns1("Writable.Int32Array"), DataType.Int32, [4, 5, 6], VariantArrayType.Array),
            write(ns1("Scalar.Double"), DataType.Double, 1),
        ],
    }));

    // Call: Add(1.5, 2.25), Add with one argument, and an unknown method.
    const dbl = (v) => new Variant({ dataType: DataType.Double, value: v });
    await tx(new CallRequest({
        methodsToCall: [
            { objectId: ns1("Methods"), methodId: ns1("Methods.Add"), inputArguments: [dbl(1.5), dbl(2.25)] },
            { objectId: ns1("Methods"), methodId: ns1("Methods.Add"), inputArguments: [dbl(1.5)] },
            { objectId: ns1("Methods"), methodId: ns1("Methods.NoSuchMethod"), inputArguments: [] },
        ],
    }));

    // A subscription with three data-change items and an event item.
    const sub = await tx(new CreateSubscriptionRequest({
        requestedPublishingInterval: 100,
        requestedLifetimeCount: 600,
        requestedMaxKeepAliveCount: 10,
        maxNotificationsPerPublish: 0,
        publishingEnabled: true,
        priority: 0,
    }));
    const subscriptionId = sub.subscriptionId;
    const item = (nodeId, clientHandle, filter = null) => ({
        itemToMonitor: { nodeId, attributeId: AttributeIds.Value },
        monitoringMode: MonitoringMode.Reporting,
        requestedParameters: { clientHandle, samplingInterval: 100, filter, queueSize: 10, discardOldest: true },
    });
    const eventFilter = constructEventFilter(["EventId", "EventType", "SourceName", "Time", "Message", "Severity"]);
    const created = await tx(new CreateMonitoredItemsRequest({
        subscriptionId,
        timestampsToReturn: TimestampsToReturn.Both,
        itemsToCreate: [
            item(ns1("Writable.Double"), 1),
            item(ns1("History.Double"), 2, new DataChangeFilter({ trigger: DataChangeTrigger.StatusValueTimestamp, deadbandType: DeadbandType.None })),
            item(ns1("Writable.Int32Array"), 3),
            { ...item(resolveNodeId("Server"), 4, eventFilter), itemToMonitor: { nodeId: resolveNodeId("Server"), attributeId: AttributeIds.EventNotifier } },
        ],
    }));
    const itemIds = created.results.map((r) => r.monitoredItemId);
    let acks = [];
    const publish = async () => {
        const r = await tx(new PublishRequest({ subscriptionAcknowledgements: acks }));
        acks = r.notificationMessage.notificationData && r.notificationMessage.notificationData.length > 0
            ? [{ subscriptionId: r.subscriptionId, sequenceNumber: r.notificationMessage.sequenceNumber }]
            : [];
        return r;
    };
    const first = await publish(); // the initial values
    for (let i = 1; i <= 3; i++) {
        await tx(new WriteRequest({
            nodesToWrite: [
                write(ns1("Writable.Double"), DataType.Double, 100 + i),
                write(ns1("History.Double"), DataType.Double, 20 + i),
            ],
        }));
        await publish();
    }
    await tx(new CallRequest({ methodsToCall: [{ objectId: ns1("Methods"), methodId: ns1("Methods.Raise"), inputArguments: [] }] }));
    await publish();
    await publish(); // a keep-alive (nothing changes)
    await txAny(new RepublishRequest({ subscriptionId, retransmitSequenceNumber: first.notificationMessage.sequenceNumber }));
    await tx(new ModifySubscriptionRequest({
        subscriptionId,
        requestedPublishingInterval: 200,
        requestedLifetimeCount: 300,
        requestedMaxKeepAliveCount: 5,
        maxNotificationsPerPublish: 100,
        priority: 1,
    }));
    await tx(new ModifyMonitoredItemsRequest({
        subscriptionId,
        timestampsToReturn: TimestampsToReturn.Source,
        itemsToModify: [{ monitoredItemId: itemIds[0], requestedParameters: { clientHandle: 11, samplingInterval: 250, queueSize: 2, discardOldest: false } }],
    }));
    await tx(new SetMonitoringModeRequest({ subscriptionId, monitoringMode: MonitoringMode.Sampling, monitoredItemIds: [itemIds[2]] }));
    await tx(new SetPublishingModeRequest({ publishingEnabled: true, subscriptionIds: [subscriptionId, 999999] }));
    await tx(new WriteRequest({ nodesToWrite: [write(ns1("Writable.Double"), DataType.Double, 200)] }));
    await publish();
    await tx(new DeleteMonitoredItemsRequest({ subscriptionId, monitoredItemIds: [...itemIds, 999999] }));
    await tx(new DeleteSubscriptionsRequest({ subscriptionIds: [subscriptionId] }));

    // HistoryRead of History.Double: the seeded values and the written ones,
    // three per request, following the continuation point; then one more
    // HistoryRead of a variable that does not historize.
    const details = new ReadRawModifiedDetails({
        isReadModified: false,
        startTime: new Date(Date.UTC(2024, 0, 1)),
        endTime: new Date(Date.UTC(2100, 0, 1)),
        numValuesPerNode: 3,
        returnBounds: false,
    });
    let hcp = null;
    do {
        res = await tx(new HistoryReadRequest({
            historyReadDetails: details,
            timestampsToReturn: TimestampsToReturn.Both,
            releaseContinuationPoints: false,
            nodesToRead: [{ nodeId: ns1("History.Double"), continuationPoint: hcp }],
        }));
        hcp = res.results[0].continuationPoint;
    } while (hcp && hcp.length > 0);
    await tx(new HistoryReadRequest({
        historyReadDetails: details,
        timestampsToReturn: TimestampsToReturn.Source,
        nodesToRead: [{ nodeId: ns1("Writable.Double") }],
    }));

    await s.close(true);
    await client.disconnect();
}

// -------------------------------------------------------------------- main

function write() {
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    const lines = ["seq\tconn\tdir\tchunk\trequestId\tchunks\ttype\ttypeId\tbytes\tfile"];
    messages.forEach((m, i) => {
        const seq = String(i + 1).padStart(3, "0");
        const file = `${seq}-${m.dir}-${m.type}.bin`;
        fs.writeFileSync(path.join(outDir, file), m.body);
        lines.push([seq, m.conn, m.dir, m.kind, m.requestId, m.chunks, m.type, m.typeId, m.body.length, file].join("\t"));
    });
    fs.writeFileSync(path.join(outDir, "index.tsv"), lines.join("\n") + "\n");
    const counts = {};
    for (const m of messages) counts[m.type] = (counts[m.type] || 0) + 1;
    console.log(`${messages.length} messages, ${Object.keys(counts).length} types, ${aborts} abort chunks, in ${outDir}`);
    for (const [t, n] of Object.entries(counts).sort()) console.log(`  ${n}\t${t}`);
}

async function main() {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "uabin-record-"));
    let server;
    try {
        server = await startServer(tmp);
        const proxy = await startProxy({ host: "127.0.0.1", port: server.port });
        const url = new URL(server.endpoint);
        url.port = String(proxy.address().port);
        await session(url.toString(), tmp);
        proxy.close();
        // Let the last chunks (CLO) through the proxy.
        await new Promise((r) => setTimeout(r, 200));
        if (process.exitCode) throw new Error("the proxy failed");
        write();
    } finally {
        if (server) {
            server.child.kill("SIGTERM");
            const t = setTimeout(() => server.child.kill("SIGKILL"), 5000);
            await new Promise((r) => server.child.once("exit", r));
            clearTimeout(t);
        }
        fs.rmSync(tmp, { recursive: true, force: true });
    }
}

main().then(() => process.exit(process.exitCode || 0), (err) => {
    console.error("record failed:", err);
    process.exit(1);
});
