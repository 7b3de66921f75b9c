// server.mjs: the node-opcua server the uabin interop tests run against.
//
//   node server.mjs --port 4840 --pki "$(mktemp -d)"
//
// It listens on 127.0.0.1 only, offers SecurityPolicy None and
// Basic256Sha256 (Sign, SignAndEncrypt), trusts every client certificate, and
// prints "READY opc.tcp://127.0.0.1:PORT/uabin" on stdout once it accepts
// connections. Every value below is also written out in
// test/interop/values_test.go; change both together.
import os from "node:os";
import path from "node:path";
import {
    OPCUAServer,
    OPCUACertificateManager,
    MessageSecurityMode,
    SecurityPolicy,
    Variant,
    DataType,
    VariantArrayType,
    StatusCodes,
    LocalizedText,
    QualifiedName,
    DataValue,
    ExpandedNodeId,
    NodeIdType,
    coerceNodeId,
    resolveNodeId,
} from "node-opcua";

function arg(name, def) {
    const i = process.argv.indexOf(name);
    return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : def;
}

const port = parseInt(arg("--port", "4840"), 10);
const pki = arg("--pki", path.join(os.tmpdir(), "uabin-interop-pki"));

// MaxReferencesPerNode is the most references a Browse returns per node
// before it hands out a continuation point (the server's own limit, applied
// also when the client asks for no limit).
const MaxReferencesPerNode = 25;
// BigFolderChildren is the number of children of BigFolder: five pages.
const BigFolderChildren = 120;
// HistorySeed is the number of values History.Double has at start.
const HistorySeed = 5;

// int64 turns a BigInt into node-opcua's [high, low] form of (U)Int64.
function int64(v) {
    const u = BigInt.asUintN(64, v);
    return [Number(u >> 32n), Number(u & 0xffffffffn)];
}

// The values of every built-in type a Variant can hold (types 1..23); the
// names are the Go test's names.
function scalars(addressSpace) {
    return [
        ["Boolean", DataType.Boolean, true],
        ["SByte", DataType.SByte, -100],
        ["Byte", DataType.Byte, 200],
        ["Int16", DataType.Int16, -30000],
        ["UInt16", DataType.UInt16, 60000],
        ["Int32", DataType.Int32, -2000000000],
        ["UInt32", DataType.UInt32, 4000000000],
        ["Int64", DataType.Int64, int64(-1234567890123456789n)],
        ["UInt64", DataType.UInt64, int64(18000000000000000000n)],
        ["Float", DataType.Float, 3.5],
        ["Double", DataType.Double, Math.PI],
        ["String", DataType.String, "Grüße, OPC UA"],
        ["DateTime", DataType.DateTime, new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678))],
        ["Guid", DataType.Guid, "72962B91-FA75-4AE6-8D28-B404DC7DAF63"],
        ["ByteString", DataType.ByteString, Buffer.from([0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff])],
        ["XmlElement", DataType.XmlElement, "<a b=\"c\">d</a>"],
        ["NodeId", DataType.NodeId, coerceNodeId("ns=1;s=Scalar.NodeId")],
        ["ExpandedNodeId", DataType.ExpandedNodeId, new ExpandedNodeId(NodeIdType.NUMERIC, 4242, 0, "urn:uabin:other", 2)],
        ["StatusCode", DataType.StatusCode, StatusCodes.BadNodeIdUnknown],
        ["QualifiedName", DataType.QualifiedName, new QualifiedName({ namespaceIndex: 1, name: "Quality" })],
        ["LocalizedText", DataType.LocalizedText, new LocalizedText({ locale: "de-DE", text: "Pumpe" })],
        ["ExtensionObject", DataType.ExtensionObject, range(addressSpace, -10, 10.5)],
        ["DataValue", DataType.DataValue, new DataValue({
            value: new Variant({ dataType: DataType.Double, value: 1.25 }),
            statusCode: StatusCodes.UncertainInitialValue,
            sourceTimestamp: new Date(Date.UTC(2020, 5, 15, 12, 0, 0, 0)),
        })],
    ];
}

// arrays are the one-dimensional arrays (types 1..22 and Variant).
function arrays(addressSpace) {
    return [
        ["Boolean", DataType.Boolean, [true, false, true]],
        ["SByte", DataType.SByte, [-128, 0, 127]],
        ["Byte", DataType.Byte, [0, 128, 255]],
        ["Int16", DataType.Int16, [-32768, 0, 32767]],
        ["UInt16", DataType.UInt16, [0, 1, 65535]],
        ["Int32", DataType.Int32, [-2147483648, 0, 2147483647]],
        ["UInt32", DataType.UInt32, [0, 1, 4294967295]],
        ["Int64", DataType.Int64, [int64(-9223372036854775808n), int64(0n), int64(9223372036854775807n)]],
        ["UInt64", DataType.UInt64, [int64(0n), int64(1n), int64(18446744073709551615n)]],
        ["Float", DataType.Float, [-1.5, 0, 0.25]],
        ["Double", DataType.Double, [-1e300, 0, 2.5e-300]],
        ["String", DataType.String, ["alpha", "", "γ"]],
        ["DateTime", DataType.DateTime, [new Date(Date.UTC(2000, 0, 1)), new Date(Date.UTC(2030, 11, 31, 23, 59, 59, 999))]],
        ["Guid", DataType.Guid, ["00000000-0000-0000-0000-000000000001", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"]],
        ["ByteString", DataType.ByteString, [Buffer.from([1, 2, 3]), Buffer.from([])]],
        ["XmlElement", DataType.XmlElement, ["<x/>", "<y>z</y>"]],
        ["NodeId", DataType.NodeId, [coerceNodeId("i=85"), coerceNodeId("ns=1;s=Text"), coerceNodeId("ns=2;g=72962B91-FA75-4AE6-8D28-B404DC7DAF63"), coerceNodeId("ns=1;b=AQID")]],
        ["ExpandedNodeId", DataType.ExpandedNodeId, [new ExpandedNodeId(NodeIdType.NUMERIC, 85, 0), new ExpandedNodeId(NodeIdType.STRING, "Far", 0, "urn:uabin:far", 1)]],
        ["StatusCode", DataType.StatusCode, [StatusCodes.Good, StatusCodes.BadTimeout, StatusCodes.UncertainLastUsableValue]],
        ["QualifiedName", DataType.QualifiedName, [new QualifiedName({ namespaceIndex: 0, name: "Zero" }), new QualifiedName({ namespaceIndex: 3, name: "Three" })]],
        ["LocalizedText", DataType.LocalizedText, [new LocalizedText({ locale: "en", text: "pump" }), new LocalizedText({ text: "no locale" })]],
        ["ExtensionObject", DataType.ExtensionObject, [range(addressSpace, 0, 1), range(addressSpace, -1, 1e6)]],
        ["Variant", DataType.Variant, [
            new Variant({ dataType: DataType.Int32, value: 7 }),
            new Variant({ dataType: DataType.String, value: "seven" }),
            new Variant({ dataType: DataType.Double, arrayType: VariantArrayType.Array, value: [7, 7.5] }),
        ]],
    ];
}

function range(addressSpace, low, high) {
    return addressSpace.constructExtensionObject(resolveNodeId("Range"), { low, high });
}

// constant returns a read-only variable value source.
function constant(v) {
    return { get: () => v };
}

function build(server) {
    const addressSpace = server.engine.addressSpace;
    const ns = addressSpace.getOwnNamespace();
    const objects = addressSpace.rootFolder.objects;
    const root = ns.addFolder(objects, { browseName: "Interop", nodeId: "s=Interop" });

    const scalarFolder = ns.addFolder(root, { browseName: "Scalar", nodeId: "s=Scalar" });
    for (const [name, dataType, value] of scalars(addressSpace)) {
        ns.addVariable({
            organizedBy: scalarFolder,
            browseName: name,
            nodeId: `s=Scalar.${name}`,
            dataType: dataType === DataType.ExtensionObject ? "Range" : DataType[dataType],
            minimumSamplingInterval: 100,
            accessLevel: "CurrentRead",
            userAccessLevel: "CurrentRead",
            value: constant(new Variant({ dataType, arrayType: VariantArrayType.Scalar, value })),
        });
    }

    const arrayFolder = ns.addFolder(root, { browseName: "Array", nodeId: "s=Array" });
    for (const [name, dataType, value] of arrays(addressSpace)) {
        ns.addVariable({
            organizedBy: arrayFolder,
            browseName: name,
            nodeId: `s=Array.${name}`,
            dataType: dataType === DataType.ExtensionObject ? "Range" : dataType === DataType.Variant ? "BaseDataType" : DataType[dataType],
            valueRank: 1,
            arrayDimensions: [value.length],
            minimumSamplingInterval: 100,
            accessLevel: "CurrentRead",
            userAccessLevel: "CurrentRead",
            value: constant(new Variant({ dataType, arrayType: VariantArrayType.Array, value })),
        });
    }

    // A 2x3 matrix of Int32, row-major.
    ns.addVariable({
        organizedBy: root,
        browseName: "Matrix",
        nodeId: "s=Matrix.Int32",
        dataType: "Int32",
        valueRank: 2,
        arrayDimensions: [2, 3],
        minimumSamplingInterval: 100,
        accessLevel: "CurrentRead",
            userAccessLevel: "CurrentRead",
            value: constant(new Variant({
            dataType: DataType.Int32,
            arrayType: VariantArrayType.Matrix,
            dimensions: [2, 3],
            value: new Int32Array([1, 2, 3, 4, 5, 6]),
        })),
    });

    // 20,000 Doubles (160 kB): a response of many chunks. Element i is i/4.
    const large = new Float64Array(20000);
    for (let i = 0; i < large.length; i++) large[i] = i / 4;
    ns.addVariable({
        organizedBy: root,
        browseName: "LargeDoubleArray",
        nodeId: "s=LargeDoubleArray",
        dataType: "Double",
        valueRank: 1,
        arrayDimensions: [large.length],
        minimumSamplingInterval: 100,
        accessLevel: "CurrentRead",
            userAccessLevel: "CurrentRead",
            value: constant(new Variant({ dataType: DataType.Double, arrayType: VariantArrayType.Array, value: large })),
    });

    // Writable variables start with these values and keep what is written.
    const writable = ns.addFolder(root, { browseName: "Writable", nodeId: "s=Writable" });
    for (const [name, dataType, value, rank] of [
        ["Double", DataType.Double, 0.5, -1],
        ["String", DataType.String, "initial", -1],
        ["Int32Array", DataType.Int32, [1, 2, 3], 1],
    ]) {
        ns.addVariable({
            organizedBy: writable,
            browseName: name,
            nodeId: `s=Writable.${name}`,
            dataType: DataType[dataType],
            valueRank: rank,
            accessLevel: "CurrentRead | CurrentWrite",
            userAccessLevel: "CurrentRead | CurrentWrite",
            value: new Variant({ dataType, arrayType: rank === 1 ? VariantArrayType.Array : VariantArrayType.Scalar, value }),
        });
    }

    // Add(a, b Double) returns a + b.
    const methods = ns.addObject({ organizedBy: root, browseName: "Methods", nodeId: "s=Methods" });
    const add = ns.addMethod(methods, {
        browseName: "Add",
        nodeId: "s=Methods.Add",
        inputArguments: [
            { name: "a", dataType: DataType.Double },
            { name: "b", dataType: DataType.Double },
        ],
        outputArguments: [{ name: "sum", dataType: DataType.Double }],
    });
    add.bindMethod((inputArguments, _context, callback) => {
        const sum = inputArguments[0].value + inputArguments[1].value;
        callback(null, {
            statusCode: StatusCodes.Good,
            outputArguments: [new Variant({ dataType: DataType.Double, value: sum })],
        });
    });

    // History.Double is a historizing, writable Double: the server keeps
    // every value it takes in memory (node-opcua's VariableHistorian), so
    // HistoryRead (ReadRawModifiedDetails) works on it. It starts with
    // HistorySeed: five values one minute apart from 2024-01-01T00:00:00Z.
    const historyFolder = ns.addFolder(root, { browseName: "History", nodeId: "s=History" });
    const hist = ns.addVariable({
        organizedBy: historyFolder,
        browseName: "Double",
        nodeId: "s=History.Double",
        dataType: "Double",
        historizing: true,
        minimumSamplingInterval: 100,
        accessLevel: "CurrentRead | CurrentWrite | HistoryRead",
        userAccessLevel: "CurrentRead | CurrentWrite | HistoryRead",
        value: new Variant({ dataType: DataType.Double, value: 0 }),
    });
    addressSpace.installHistoricalDataNode(hist, { maxOnlineValues: 1000 });
    for (let i = 0; i < HistorySeed; i++) {
        hist.setValueFromSource(
            new Variant({ dataType: DataType.Double, value: 10 + i }),
            StatusCodes.Good,
            new Date(Date.UTC(2024, 0, 1, 0, i, 0, 0)),
        );
    }

    // Raise() raises a BaseEventType event on the Server object (severity
    // 500, message "uabin event"): for event subscriptions.
    const raise = ns.addMethod(methods, {
        browseName: "Raise",
        nodeId: "s=Methods.Raise",
        inputArguments: [],
        outputArguments: [],
    });
    raise.bindMethod((_inputArguments, _context, callback) => {
        addressSpace.rootFolder.objects.server.raiseEvent("BaseEventType", {
            message: { dataType: DataType.LocalizedText, value: { text: "uabin event" } },
            severity: { dataType: DataType.UInt16, value: 500 },
            sourceName: { dataType: DataType.String, value: "Methods" },
        });
        callback(null, { statusCode: StatusCodes.Good, outputArguments: [] });
    });

    // BigFolder has more children than one Browse returns.
    const big = ns.addFolder(root, { browseName: "BigFolder", nodeId: "s=BigFolder" });
    for (let i = 0; i < BigFolderChildren; i++) {
        const name = `Child${String(i).padStart(3, "0")}`;
        ns.addVariable({
            organizedBy: big,
            browseName: name,
            nodeId: `s=BigFolder.${name}`,
            dataType: "UInt32",
            minimumSamplingInterval: 100,
            accessLevel: "CurrentRead",
            userAccessLevel: "CurrentRead",
            value: constant(new Variant({ dataType: DataType.UInt32, value: i })),
        });
    }
}

async function main() {
    const serverCertificateManager = new OPCUACertificateManager({
        automaticallyAcceptUnknownCertificate: true,
        rootFolder: `${pki}/server`,
    });
    const userCertificateManager = new OPCUACertificateManager({
        automaticallyAcceptUnknownCertificate: true,
        rootFolder: `${pki}/user`,
    });
    const server = new OPCUAServer({
        port,
        host: "127.0.0.1",
        hostname: "127.0.0.1",
        resourcePath: "/uabin",
        serverCertificateManager,
        userCertificateManager,
        securityPolicies: [SecurityPolicy.None, SecurityPolicy.Basic256Sha256],
        securityModes: [MessageSecurityMode.None, MessageSecurityMode.Sign, MessageSecurityMode.SignAndEncrypt],
        allowAnonymous: true,
        disableDiscovery: true,
        serverInfo: { applicationUri: "urn:uabin:interop:server", productUri: "urn:uabin:interop" },
        buildInfo: { productName: "uabin interop server", buildNumber: "1" },
    });
    // node-opcua has no server-wide limit of references per node, so every
    // Browse gets one here, before the service handler runs.
    server.on("request", (request) => {
        if (request.schema.name === "BrowseRequest") {
            const n = request.requestedMaxReferencesPerNode;
            if (!n || n > MaxReferencesPerNode) request.requestedMaxReferencesPerNode = MaxReferencesPerNode;
        }
    });
    await server.initialize();
    build(server);
    await server.start();
    console.log(`READY ${server.getEndpointUrl()}`);

    const stop = async () => {
        await server.shutdown(0);
        process.exit(0);
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
}

main().catch((err) => {
    console.error("server failed:", err);
    process.exit(1);
});
