// gen-vectors.mjs: ExtensionObjects of the companion nodesets' DataTypes,
// encoded by node-opcua, checked against the nodesets' <Definition>s.
//
//   cd test/companion && npm ci && node gen-vectors.mjs [NODESET_DIR] [--schema DIR] [--out DIR]
//
// NODESET_DIR defaults to testdata/nodesets here, --schema
// (Opc.Ua.NodeSet2.Services.xml, for the namespace-0 DataTypes the checker
// needs) to schema/ at the repository root, --out to testdata here. For each
// NodeSet2 file of NODESET_DIR it loads node-opcua's namespace 0, the file's
// required models (found by model URI among the files) and the file into an
// address space, and for every structured DataType of the file's namespace
// that has a Default Binary encoding builds values (filled; sparse: optional
// fields absent; each optional field alone; each union member; an empty
// union) with node-opcua's ExtensionObject construction, in two ways:
//
//   definition  node-opcua's codecs built from the <Definition>s (what its
//               loader does by itself: DataTypeExtractStrategy.Auto picks
//               the DataTypeDefinitions when a nodeset has them)
//   dictionary  its codecs built from the nodeset's embedded bsd type
//               dictionary (DataTypeExtractStrategy.Force103)
//
// Every encoding is decoded again by checker.mjs, which walks the
// <Definition> (read by nodeset.mjs, not by node-opcua: field order,
// optional-field mask, union switch, array lengths, nested structures and
// ExtensionObjects) and must give back exactly the value asked for. A vector
// is kept when at least one way passes; the file records which ways passed
// and, for a dropped vector, why each failed. A few vectors are also encoded
// as a Variant in a second address space whose namespace table has two extra
// namespaces first, so that the indexes differ from the file's.
//
// Output: OUT/<nodeset file name without .xml>.json, and OUT/summary.json.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
    AddressSpace,
    BinaryStream,
    DataType,
    DataValue,
    DiagnosticInfo,
    ExpandedNodeId,
    LocalizedText,
    NodeIdType,
    PseudoSession,
    QualifiedName,
    Variant,
    VariantArrayType,
    coerceNodeId,
    generateAddressSpace,
    nodesets,
} from "node-opcua";
import { DataTypeExtractStrategy, ExtraDataTypeManager, populateDataTypeManager } from "node-opcua-client-dynamic-extension-object";
import { DataTypeFactory, getStandardDataTypeFactory } from "node-opcua-factory";
import { encodeExtensionObject } from "node-opcua-extension-object";
import { StatusCode } from "node-opcua-status-code";
import { lowerFirstLetter } from "node-opcua-utils";
import { Model, NS0, splitKey } from "./nodeset.mjs";
import { Checker, ticks } from "./checker.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");

function parseArgs() {
    const a = process.argv.slice(2);
    const out = { dir: path.join(here, "testdata", "nodesets"), schema: path.resolve(root, "schema"), out: path.join(here, "testdata") };
    for (let i = 0; i < a.length; i++) {
        if (a[i] === "--schema") out.schema = path.resolve(a[++i]);
        else if (a[i] === "--out") out.out = path.resolve(a[++i]);
        else if (a[i].startsWith("--")) throw new Error(`unknown flag ${a[i]}`);
        else out.dir = path.resolve(a[i]);
    }
    return out;
}

const nodeOpcuaVersion = JSON.parse(fs.readFileSync(path.join(here, "node_modules", "node-opcua", "package.json"), "utf8")).version;

// ------------------------------------------------------------ the values

// sample is the filled value of a built-in type (plain form of
// checker.mjs); n varies it between fields.
function sample(id, n) {
    switch (id) {
        case 1: return n % 2 === 0;
        case 2: return -(n % 100) - 1;
        case 3: return 200 - (n % 100);
        case 4: return -1000 - n;
        case 5: return 60000 - n;
        case 6: return -100000 - n;
        case 7: return 3000000000 + n;
        case 8: return (-1234567890123n - BigInt(n)).toString();
        case 9: return (18000000000000000000n + BigInt(n)).toString();
        case 10: return 1.5 + n;
        case 11: return Math.PI + n;
        case 12: return `text ${n} Grüße`;
        case 13: return ticks(Date.UTC(2024, 0, 2, 3, 4, 5, n % 1000));
        case 14: return `72962B91-FA75-4AE6-8D28-B404DC7D${(0xaf00 + (n % 256)).toString(16).toUpperCase()}`;
        case 15: return Buffer.from([0, 1, 0x7f, 0x80, 0xff, n % 256]).toString("hex");
        case 16: return `<x n="${n}"/>`;
        case 17: return `i=${2253 + n}`;
        case 18: return { nodeId: `i=${85 + n}`, uri: null, server: 0 };
        case 19: return 0x80340000;
        case 20: return { ns: 0, name: `Name${n}` };
        case 21: return { locale: "en-US", text: `text ${n}` };
        case 23: return { value: { type: 11, value: 1.25 + n } };
        case 25: return {};
    }
    throw new Error(`no sample of built-in ${id}`);
}

// Gen builds the intended values of one nodeset's DataTypes.
class Gen {
    constructor(model, loaded) {
        this.model = model;
        this.loaded = loaded; // namespace URIs in the address space
        this.n = 0;
    }

    // concrete returns the DataType to put in an ExtensionObject field of
    // type key: key itself when concrete with an encoding, else a concrete
    // subtype with one (of the loaded namespaces; the nodeset's own first).
    concrete(key) {
        const ok = (dt) => dt && !dt.isAbstract && dt.binaryEncoding && dt.definition && this.loaded.includes(dt.namespaceUri);
        if (key === `nsu=${NS0};i=22`) return this.model.get(`nsu=${NS0};i=884`); // Range
        const dt = this.model.get(key);
        if (ok(dt)) return dt;
        const subs = this.model.subtypes(key).filter(ok);
        subs.sort((a, b) => (a.namespaceUri === NS0) - (b.namespaceUri === NS0) || a.name.localeCompare(b.name));
        return subs[0] || null;
    }

    // structure returns the intended value of dt: mode "filled" (every
    // optional field present), "sparse" (none), or {only: name} (that
    // optional field alone); {member: name} or {member: null} for unions.
    structure(dt, mode, depth = 0) {
        const c = new Checker(this.model, []);
        const fields = c.fields(dt);
        const out = {};
        if (dt.definition.isUnion) {
            const member = mode.member !== undefined ? mode.member : fields[0].name;
            if (member === null) return { switch: 0 };
            const i = fields.findIndex((f) => f.name === member);
            out.switch = i + 1;
            out[member] = this.field(fields[i], "filled", depth);
            return out;
        }
        for (const f of fields) {
            if (f.isOptional) {
                const present = mode === "filled" || (mode.only === f.name);
                if (!present || depth > 3) continue;
            }
            out[f.name] = this.field(f, depth > 3 ? "sparse" : "filled", depth);
        }
        return out;
    }

    field(f, mode, depth) {
        const one = () => this.value(f, mode, depth);
        if (f.valueRank >= 0) {
            // two elements at the top, one below (the values stay small)
            if (depth > 3) return [];
            return depth === 0 ? [one(), one()] : [one()];
        }
        return one();
    }

    value(f, mode, depth) {
        const n = this.n++;
        const k = this.model.kind(f.dataType);
        switch (k.kind) {
            case "builtin": {
                const dt = this.model.get(f.dataType);
                if (dt && dt.definition && dt.definition.isOptionSet) {
                    // an integer OptionSet: the first two bits
                    return dt.definition.fields.slice(0, 2).reduce((a, x) => a | (1 << x.value), 0);
                }
                if (k.id === 22) return this.extensionObject(this.concrete(`nsu=${NS0};i=22`), depth);
                if (k.id === 24) return { type: 6, value: 42 + n };
                return sample(k.id, n);
            }
            case "enum": {
                const fs_ = k.dt.definition ? k.dt.definition.fields : [];
                return fs_.length > 1 ? fs_[1].value : fs_.length ? fs_[0].value : 0;
            }
            case "variant":
                return { type: 6, value: 42 + n };
            case "eo":
                return this.extensionObject(this.concrete(f.dataType), depth);
            case "struct":
                if (f.allowSubTypes || k.dt.isAbstract) return this.extensionObject(this.concrete(f.dataType), depth);
                return this.structure(k.dt, mode, depth + 1);
        }
        throw new Error(`kind ${k.kind}`);
    }

    extensionObject(dt, depth) {
        if (!dt) return { typeId: null, body: null };
        return { typeId: dt.binaryEncoding, body: this.structure(dt, "sparse", depth + 1) };
    }
}

// vectorsOf lists the intended values of dt with their descriptions.
function vectorsOf(gen, dt) {
    const c = new Checker(gen.model, []);
    const fields = c.fields(dt);
    const out = [];
    if (dt.definition.isUnion) {
        for (const f of fields) out.push({ description: `union member ${f.name}`, value: gen.structure(dt, { member: f.name }) });
        out.push({ description: "union with no member (switch 0)", value: gen.structure(dt, { member: null }) });
        return out;
    }
    const optional = fields.filter((f) => f.isOptional);
    out.push({ description: optional.length ? "filled: every optional field present" : "filled", value: gen.structure(dt, "filled") });
    if (optional.length) {
        out.push({ description: "sparse: every optional field absent", value: gen.structure(dt, "sparse") });
        for (const f of optional) out.push({ description: `only the optional field ${f.name} present`, value: gen.structure(dt, { only: f.name }) });
    }
    return out;
}

// ------------------------------------------------ node-opcua's side

// Way is one way of building node-opcua codecs over an address space.
class Way {
    constructor(name, as, manager) {
        this.name = name;
        this.as = as;
        this.manager = manager;
        this.uris = as.getNamespaceArray().map((n) => n.namespaceUri);
    }

    nodeId(key) {
        const { uri, type, id } = splitKey(key);
        const ns = this.uris.indexOf(uri);
        if (ns < 0) throw new Error(`namespace ${uri} is not loaded`);
        return coerceNodeId(`ns=${ns};${type}=${id}`);
    }

    construct(dt, options) {
        const id = this.nodeId(dt.key);
        if (this.manager.extracted && !this.manager.extracted.has(id.toString())) {
            throw new Error(this.name === "dictionary" ? `${dt.name} is not in the nodeset's bsd dictionary` : `${dt.name} has no codec built from its Definition`);
        }
        const C = this.manager.getExtensionObjectConstructorFromDataType(id);
        return new C(options);
    }

    // options turns an intended structure value into node-opcua's
    // constructor options (field names with a lower-case first letter).
    options(model, dt, v) {
        const c = new Checker(model, []);
        const out = {};
        for (const f of c.fields(dt)) {
            if (!(f.name in v)) continue;
            const x = v[f.name];
            out[lowerFirstLetter(f.name)] = f.valueRank >= 0 ? x.map((e) => this.fieldValue(model, f, e)) : this.fieldValue(model, f, x);
        }
        return out;
    }

    fieldValue(model, f, x) {
        const k = model.kind(f.dataType);
        switch (k.kind) {
            case "builtin":
                return this.builtin(model, k.id, x);
            case "enum":
                return x;
            case "variant":
                return variant(x);
            case "eo":
                return this.eo(model, x);
            case "struct":
                if (f.allowSubTypes || k.dt.isAbstract) return this.eo(model, x);
                return this.options(model, k.dt, x);
        }
    }

    eo(model, x) {
        if (!x.typeId) return null;
        const dt = model.byEncoding.get(x.typeId);
        return this.construct(dt, this.options(model, dt, x.body));
    }

    builtin(model, id, x) {
        switch (id) {
            case 8: case 9: {
                const u = BigInt.asUintN(64, BigInt(x));
                return [Number(u >> 32n), Number(u & 0xffffffffn)];
            }
            case 13: return new Date(Number(BigInt(x) / 10000n - 11644473600000n));
            case 15: return Buffer.from(x, "hex");
            case 17: return coerceNodeId(x);
            case 18: return new ExpandedNodeId(NodeIdType.NUMERIC, parseInt(x.nodeId.slice(2), 10), 0);
            case 19: return StatusCode.makeStatusCode(x);
            case 20: return new QualifiedName({ namespaceIndex: x.ns, name: x.name });
            case 21: return new LocalizedText(x);
            case 22: return this.eo(model, x);
            case 23: return new DataValue({ value: variant(x.value) });
            case 24: return variant(x);
            case 25: return new DiagnosticInfo({});
        }
        return x;
    }
}

function variant(x) {
    if (x.type !== 6 && x.type !== 11) throw new Error(`variant type ${x.type}`);
    return new Variant({ dataType: x.type, value: x.value });
}

// codecManager builds node-opcua's codecs for every namespace of as (but 0)
// the given way, as its loader does (ensureDatatypeExtracted) but with a
// strategy of our choice: its loader's Auto takes the dictionary first when
// a nodeset has one and the DataTypeDefinitions only for what is left.
async function codecManager(as, strategy) {
    const mgr = new ExtraDataTypeManager();
    const uris = as.getNamespaceArray().map((n) => n.namespaceUri);
    mgr.setNamespaceArray(uris);
    const factories = [getStandardDataTypeFactory()];
    for (let i = 1; i < uris.length; i++) {
        const f = new DataTypeFactory([...factories]);
        f.targetNamespace = uris[i];
        factories.push(f);
        mgr.registerDataTypeFactory(i, f);
    }
    await populateDataTypeManager(new PseudoSession(as), mgr, strategy);
    // The structures extracted this way: the manager would extract any
    // other one lazily from the DataTypeDefinitions.
    mgr.extracted = new Set();
    for (let i = 1; i < uris.length; i++) {
        for (const st of mgr.getDataTypeFactory(i).getStructureIterator()) mgr.extracted.add(st.schema.dataTypeNodeId.toString());
    }
    return mgr;
}

async function load(files, padding) {
    const as = AddressSpace.create();
    for (const p of padding) as.registerNamespace(p);
    await generateAddressSpace(as, [nodesets.standard, ...files]);
    return as;
}

function encode(write) {
    const s = new BinaryStream(1 << 20);
    write(s);
    return Buffer.from(s.buffer.subarray(0, s.length));
}

// ------------------------------------------------------------------ main

// sameValue compares an intended value with a decoded one; an empty and a
// null array are the same value here.
function sameValue(a, b) {
    if (Array.isArray(a) || Array.isArray(b) || a === null || b === null) {
        const ea = a === null || (Array.isArray(a) && a.length === 0);
        const eb = b === null || (Array.isArray(b) && b.length === 0);
        if (ea && eb && (Array.isArray(a) || Array.isArray(b))) return true;
        if (!Array.isArray(a) || !Array.isArray(b)) return a === b;
        return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
    }
    if (typeof a === "number" && typeof b === "number") return a === b || (Number.isNaN(a) && Number.isNaN(b)) || Math.fround(a) === b;
    if (typeof a !== "object" || typeof b !== "object") return a === b;
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameValue(a[k], b[k]));
}

// firstDifference describes where two values differ, for the README and the
// dropped list.
function firstDifference(a, b, p = "") {
    if (sameValue(a, b)) return null;
    if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
        for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
            if (!(k in b)) return `${p}.${k} asked for, absent in the bytes`;
            if (!(k in a)) return `${p}.${k} not asked for, present in the bytes`;
            const d = firstDifference(a[k], b[k], `${p}.${k}`);
            if (d) return d;
        }
    }
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
        for (let i = 0; i < a.length; i++) {
            const d = firstDifference(a[i], b[i], `${p}[${i}]`);
            if (d) return d;
        }
    }
    return `${p || "value"}: asked ${JSON.stringify(a)}, bytes say ${JSON.stringify(b)}`;
}

function requiredFiles(model, info) {
    const byUri = new Map();
    for (const f of model.files) for (const m of f.models) byUri.set(m.modelUri, f);
    const order = [];
    const visit = (f, stack) => {
        if (order.includes(f.file)) return;
        for (const m of f.models) {
            for (const r of m.required) {
                if (r.modelUri === NS0) continue;
                const dep = byUri.get(r.modelUri);
                if (!dep) throw new Error(`${path.basename(f.file)} requires ${r.modelUri} ${r.version || ""}, which no file provides`);
                if (stack.includes(dep.file)) throw new Error(`a RequiredModel cycle through ${r.modelUri}`);
                visit(dep, [...stack, f.file]);
            }
        }
        order.push(f.file);
    };
    visit(info, []);
    return order;
}

async function main() {
    const args = parseArgs();
    const model = new Model();
    model.read(path.join(args.schema, "Opc.Ua.NodeSet2.Services.xml"));
    const files = fs.readdirSync(args.dir).filter((f) => /\.xml$/i.test(f)).sort();
    const infos = files.map((f) => model.read(path.join(args.dir, f)));
    fs.mkdirSync(args.out, { recursive: true });
    const summary = { generator: "test/companion/gen-vectors.mjs", nodeOpcua: nodeOpcuaVersion, nodesets: [] };
    const padding = ["urn:uabin:companion:padding:1", "urn:uabin:companion:padding:2"];

    for (const info of infos) {
        const file = path.basename(info.file);
        const modelInfo = info.models[0];
        const order = requiredFiles(model, info);
        const as = await load(order, []);
        const ways = [
            new Way("definition", as, await codecManager(as, DataTypeExtractStrategy.Force104)),
            new Way("dictionary", as, await codecManager(as, DataTypeExtractStrategy.Force103)),
        ];
        // What a node-opcua server loaded with these nodesets sends: the
        // codecs its loader built (Auto), for information; a vector is kept
        // by the other two.
        const auto = new Way("auto", as, as.$$extraDataTypeManager);
        const uris = ways[0].uris;
        const shifted = await load(order, padding);
        const shiftWays = {
            definition: new Way("definition", shifted, await codecManager(shifted, DataTypeExtractStrategy.Force104)),
            dictionary: new Way("dictionary", shifted, await codecManager(shifted, DataTypeExtractStrategy.Force103)),
        };
        const checker = new Checker(model, uris);
        const gen = new Gen(model, uris);

        const dataTypes = [...model.dataTypes.values()]
            .filter((dt) => dt.file === info.file && dt.definition && !dt.isAbstract && model.kind(dt.key).kind === "struct")
            .sort((a, b) => a.name.localeCompare(b.name));
        const result = {
            nodeset: file,
            modelUri: modelInfo.modelUri,
            version: modelInfo.version,
            publicationDate: modelInfo.publicationDate,
            requiredNodesets: order.slice(0, -1).map((f) => path.basename(f)),
            generator: "test/companion/gen-vectors.mjs",
            nodeOpcua: nodeOpcuaVersion,
            namespaces: uris,
            structures: dataTypes.length,
            vectors: [],
            variants: [],
            dropped: [],
            skipped: [],
        };
        for (const dt of dataTypes) {
            if (!dt.binaryEncoding) {
                result.skipped.push({ name: dt.name, dataTypeId: dt.key, reason: "no Default Binary encoding" });
                continue;
            }
            let vectors;
            try {
                vectors = vectorsOf(gen, dt);
            } catch (err) {
                result.skipped.push({ name: dt.name, dataTypeId: dt.key, reason: `no value could be built: ${err.message}` });
                continue;
            }
            for (const v of vectors) {
                const tried = {};
                for (const w of [...ways, auto]) {
                    let body = null;
                    try {
                        const obj = w.construct(dt, w.options(model, dt, v.value));
                        body = encode((s) => obj.encode(s));
                        const eo = encode((s) => encodeExtensionObject(obj, s));
                        const got = checker.decodeStructure(dt.key, body);
                        const d = firstDifference(v.value, got);
                        if (d) throw new Error(`the bytes differ from the value asked: ${d}`);
                        const gotEO = checker.decodeExtensionObject(eo);
                        if (gotEO.typeId !== dt.binaryEncoding) throw new Error(`ExtensionObject TypeId ${gotEO.typeId}, the Default Binary encoding is ${dt.binaryEncoding}`);
                        if (!sameValue(gotEO.body, got)) throw new Error("the ExtensionObject's body differs from the body");
                        tried[w.name] = { ok: true, body, eo, obj };
                    } catch (err) {
                        tried[w.name] = { ok: false, error: String(err.message || err).split("\n")[0], body: body && body.toString("hex") };
                    }
                }
                const passed = ways.filter((w) => tried[w.name].ok);
                if (passed.length === 0) {
                    result.dropped.push({
                        namespaceUri: dt.namespaceUri,
                        name: dt.name,
                        dataTypeId: dt.key,
                        description: v.description,
                        value: v.value,
                        definition: { error: tried.definition.error, body: tried.definition.body },
                        dictionary: { error: tried.dictionary.error, body: tried.dictionary.body },
                    });
                    continue;
                }
                const kept = tried[passed[0].name];
                const agree = passed.every((w) => tried[w.name].eo.equals(kept.eo));
                result.vectors.push({
                    namespaceUri: dt.namespaceUri,
                    name: dt.name,
                    dataTypeId: dt.key,
                    encodingId: dt.binaryEncoding,
                    description: v.description,
                    codecs: passed.map((w) => w.name),
                    serverDefault: tried.auto.ok ? "passes" : `fails: ${tried.auto.error}`,
                    rejected: Object.fromEntries(ways.filter((w) => !tried[w.name].ok).map((w) => [w.name, tried[w.name].error])),
                    ...(agree ? {} : { note: "both ways pass the checker with different bytes; the first is kept" }),
                    value: v.value,
                    body: kept.body.toString("hex"),
                    extensionObject: kept.eo.toString("hex"),
                });
            }
        }
        // A few Variants in the shifted address space: the first kept
        // vector of up to three DataTypes, the way it was kept; a vector with
        // an ExtensionObject of a non-zero namespace inside comes first (its
        // body changes with the table too).
        const nested = (v) => new RegExp(`"typeId":"nsu=(?!${NS0.replace(/[/.]/g, "\\$&")};)`).test(JSON.stringify(v.value));
        const seen = new Set();
        for (const vec of [...result.vectors.filter(nested), ...result.vectors.filter((v) => !nested(v))]) {
            if (seen.has(vec.name) || seen.size >= 3) continue;
            seen.add(vec.name);
            const shiftWay = shiftWays[vec.codecs[0]];
            const dt = model.get(vec.dataTypeId);
            const obj = shiftWay.construct(dt, shiftWay.options(model, dt, vec.value));
            const b = encode((s) => new Variant({ dataType: DataType.ExtensionObject, arrayType: VariantArrayType.Scalar, value: obj }).encode(s));
            const shiftedBody = encode((s) => obj.encode(s));
            const got = new Checker(model, shiftWay.uris).decodeVariant(b);
            if (got.type !== 22 || got.value.typeId !== dt.binaryEncoding || !sameValue(got.value.body, vec.value)) {
                throw new Error(`${dt.name}: the shifted Variant does not decode to the vector`);
            }
            result.variants.push({
                namespaceUri: vec.namespaceUri,
                name: vec.name,
                dataTypeId: vec.dataTypeId,
                encodingId: vec.encodingId,
                description: `${vec.description}, as a Variant with a namespace table of two extra namespaces first`,
                namespaces: shiftWay.uris,
                codec: shiftWay.name,
                body: shiftedBody.toString("hex"),
                bodyAsInVectors: shiftedBody.toString("hex") === vec.body,
                variant: b.toString("hex"),
            });
        }
        const out = path.join(args.out, file.replace(/\.xml$/i, "") + ".json");
        fs.writeFileSync(out, JSON.stringify(result, null, 1) + "\n");
        const byWay = (n) => result.vectors.filter((v) => v.codecs.includes(n)).length;
        const line = {
            nodeset: file,
            structures: dataTypes.length,
            kept: result.vectors.length,
            dropped: result.dropped.length,
            skipped: result.skipped.length,
            definitionPassed: byWay("definition"),
            dictionaryPassed: byWay("dictionary"),
            serverDefaultPassed: result.vectors.filter((v) => v.serverDefault === "passes").length,
            variants: result.variants.length,
        };
        summary.nodesets.push(line);
        console.log(JSON.stringify(line));
        as.dispose();
        shifted.dispose();
    }
    fs.writeFileSync(path.join(args.out, "summary.json"), JSON.stringify(summary, null, 1) + "\n");
}

main().then(() => process.exit(0), (err) => {
    console.error("gen-vectors failed:", err);
    process.exit(1);
});
