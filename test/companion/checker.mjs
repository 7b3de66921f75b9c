// checker.mjs: decodes OPC UA Binary by the <Definition>s of a Model
// (nodeset.mjs), independently of node-opcua, into the plain form that
// gen-vectors.mjs builds its intended values in:
//
//   Boolean true/false; SByte..UInt32, StatusCode, enumerations: numbers;
//   Int64, UInt64, DateTime: decimal strings; Float, Double: numbers;
//   String, XmlElement: a string or null; ByteString: hex or null; Guid:
//   upper-case text; NodeId: "i=85", "ns=1;s=x"; ExpandedNodeId {nodeId,
//   uri, server}; QualifiedName {ns, name}; LocalizedText {locale, text};
//   ExtensionObject {typeId, body} (typeId as nsu= through the namespace
//   table, body decoded when its type is in the model, else hex); Variant
//   {type, value} or {type, array}; DataValue {value?, status?, ...};
//   DiagnosticInfo {}; a structure {Field: value, ...} without its absent
//   optional fields; a union {switch, Field?}; an array [..] or null.
import { NS0, splitKey } from "./nodeset.mjs";

export class CheckError extends Error {
    constructor(offset, path, msg) {
        super(`at byte ${offset}${path ? ` (${path})` : ""}: ${msg}`);
        this.offset = offset;
        this.path = path;
    }
}

const EPOCH_MS = 11644473600000n; // 1601-01-01 to 1970-01-01

export class Checker {
    // model: the Model; namespaces: the session namespace table (index ->
    // URI) that NodeIds in the bytes refer to.
    constructor(model, namespaces) {
        this.model = model;
        this.ns = namespaces;
    }

    // decodeStructure decodes the whole of b as the structure key.
    decodeStructure(key, b) {
        const r = new Reader(b);
        const v = this.struct(this.model.get(key), r, this.model.get(key).name, 0);
        if (r.off !== b.length) throw new CheckError(r.off, "", `${b.length - r.off} bytes left over`);
        return v;
    }

    // decodeExtensionObject decodes the whole of b as an ExtensionObject.
    decodeExtensionObject(b) {
        const r = new Reader(b);
        const v = this.extensionObject(r, "ExtensionObject", 0);
        if (r.off !== b.length) throw new CheckError(r.off, "", `${b.length - r.off} bytes left over`);
        return v;
    }

    // decodeVariant decodes the whole of b as a Variant.
    decodeVariant(b) {
        const r = new Reader(b);
        const v = this.variant(r, "Variant", 0);
        if (r.off !== b.length) throw new CheckError(r.off, "", `${b.length - r.off} bytes left over`);
        return v;
    }

    // fields returns a structure's fields in encoding order: the
    // <Definition>'s (which lists inherited fields too), or, for a subtype
    // whose Definition lacks its supertype's fields, those first.
    fields(dt) {
        if (!dt.definition) throw new Error(`${dt.name} has no Definition`);
        const own = dt.definition.fields;
        const base = dt.base && this.model.get(dt.base);
        if (!base || !base.definition || splitKey(base.key).uri === NS0 && [22, 12756].includes(splitKey(base.key).id)) return own;
        const inherited = this.fields(base);
        const prefix = inherited.every((f, i) => own[i] && own[i].name === f.name);
        return prefix ? own : [...inherited, ...own];
    }

    struct(dt, r, path, depth) {
        if (depth > 50) throw new CheckError(r.off, path, "too deep");
        if (!dt) throw new CheckError(r.off, path, "unknown structure");
        if (dt.definition && dt.definition.isOptionSet) {
            // A structure OptionSet is encoded as ns=0 OptionSet.
            return this.struct(this.model.get(`nsu=${NS0};i=12755`), r, path, depth);
        }
        const fields = this.fields(dt);
        const out = {};
        if (dt.definition.isUnion) {
            const start = r.off;
            const sw = r.u32(path);
            out.switch = sw;
            if (sw === 0) return out;
            if (sw > fields.length) throw new CheckError(start, path, `union switch ${sw} of ${fields.length} fields`);
            const f = fields[sw - 1];
            out[f.name] = this.field(f, r, `${path}.${f.name}`, depth);
            return out;
        }
        const optional = fields.filter((f) => f.isOptional);
        let mask = 0;
        if (optional.length > 0) {
            const start = r.off;
            mask = r.u32(path);
            if (optional.length < 32 && mask >>> optional.length !== 0) {
                throw new CheckError(start, path, `optional-field mask 0x${mask.toString(16)} has bits beyond the ${optional.length} optional fields`);
            }
        }
        let bit = 0;
        for (const f of fields) {
            if (f.isOptional) {
                const present = (mask >>> bit) & 1;
                bit++;
                if (!present) continue;
            }
            out[f.name] = this.field(f, r, `${path}.${f.name}`, depth);
        }
        return out;
    }

    field(f, r, path, depth) {
        if (f.valueRank > 1 || (f.valueRank === 0)) {
            if (f.valueRank > 1) throw new CheckError(r.off, path, `ValueRank ${f.valueRank} is not handled`);
        }
        const one = (p) => this.value(f.dataType, r, p, depth, f.allowSubTypes);
        if (f.valueRank >= 0) {
            const start = r.off;
            const n = r.i32(path);
            if (n < -1) throw new CheckError(start, path, `array length ${n}`);
            if (n === -1) return null;
            if (n > r.left()) throw new CheckError(start, path, `array length ${n} with ${r.left()} bytes left`);
            const a = [];
            for (let i = 0; i < n; i++) a.push(one(`${path}[${i}]`));
            return a;
        }
        return one(path);
    }

    value(typeKey, r, path, depth, allowSubTypes) {
        const k = this.model.kind(typeKey);
        switch (k.kind) {
            case "builtin":
                return this.builtin(k.id, r, path, depth);
            case "enum":
                return r.i32(path);
            case "variant":
                return this.variant(r, path, depth);
            case "eo":
                return this.extensionObject(r, path, depth);
            case "struct":
                if (allowSubTypes || k.dt.isAbstract) return this.extensionObject(r, path, depth);
                return this.struct(k.dt, r, path, depth + 1);
        }
        throw new Error(`kind ${k.kind}`);
    }

    builtin(id, r, path, depth) {
        switch (id) {
            case 1: {
                const o = r.off;
                const b = r.u8(path);
                if (b > 1) throw new CheckError(o, path, `Boolean byte ${b}`);
                return b === 1;
            }
            case 2: return r.take(1, path).readInt8(0);
            case 3: return r.u8(path);
            case 4: return r.take(2, path).readInt16LE(0);
            case 5: return r.take(2, path).readUInt16LE(0);
            case 6: return r.i32(path);
            case 7: return r.u32(path);
            case 8: return r.take(8, path).readBigInt64LE(0).toString();
            case 9: return r.take(8, path).readBigUInt64LE(0).toString();
            case 10: return r.take(4, path).readFloatLE(0);
            case 11: return r.take(8, path).readDoubleLE(0);
            case 12: case 16: {
                const b = r.bytes(path);
                return b === null ? null : b.toString("utf8");
            }
            case 13: return r.take(8, path).readBigInt64LE(0).toString();
            case 14: return guid(r.take(16, path));
            case 15: {
                const b = r.bytes(path);
                return b === null ? null : b.toString("hex");
            }
            case 17: return this.nodeId(r, path, false).text;
            case 18: {
                const n = this.nodeId(r, path, true);
                return { nodeId: n.text, uri: n.uri, server: n.server };
            }
            case 19: return r.u32(path);
            case 20: {
                const ns = r.take(2, path).readUInt16LE(0);
                const b = r.bytes(path);
                return { ns, name: b === null ? null : b.toString("utf8") };
            }
            case 21: {
                const o = r.off;
                const m = r.u8(path);
                if (m & ~3) throw new CheckError(o, path, `LocalizedText mask 0x${m.toString(16)}`);
                const out = { locale: null, text: null };
                if (m & 1) out.locale = str(r.bytes(path));
                if (m & 2) out.text = str(r.bytes(path));
                return out;
            }
            case 22: return this.extensionObject(r, path, depth);
            case 23: return this.dataValue(r, path, depth);
            case 24: return this.variant(r, path, depth);
            case 25: return this.diagnosticInfo(r, path, depth);
        }
        throw new CheckError(r.off, path, `built-in type ${id}`);
    }

    nodeId(r, path, expanded) {
        const o = r.off;
        const fb = r.u8(path);
        const form = fb & 0x3f;
        if (!expanded && fb & 0xc0) throw new CheckError(o, path, `NodeId encoding byte 0x${fb.toString(16)} has ExpandedNodeId flags`);
        let ns = 0;
        let id;
        switch (form) {
            case 0: id = `i=${r.u8(path)}`; break;
            case 1: ns = r.u8(path); id = `i=${r.take(2, path).readUInt16LE(0)}`; break;
            case 2: ns = r.take(2, path).readUInt16LE(0); id = `i=${r.u32(path)}`; break;
            case 3: ns = r.take(2, path).readUInt16LE(0); id = `s=${str(r.bytes(path))}`; break;
            case 4: ns = r.take(2, path).readUInt16LE(0); id = `g=${guid(r.take(16, path))}`; break;
            case 5: { ns = r.take(2, path).readUInt16LE(0); const b = r.bytes(path); id = `b=${b === null ? "" : b.toString("base64")}`; break; }
            default: throw new CheckError(o, path, `NodeId encoding byte 0x${fb.toString(16)}`);
        }
        let uri = null;
        let server = 0;
        if (fb & 0x80) uri = str(r.bytes(path));
        if (fb & 0x40) server = r.u32(path);
        return { text: ns ? `ns=${ns};${id}` : id, ns, id, uri, server };
    }

    extensionObject(r, path, depth) {
        const n = this.nodeId(r, path, false);
        const o = r.off;
        const enc = r.u8(path);
        if (n.ns >= this.ns.length) throw new CheckError(o, path, `TypeId ${n.text}: namespace ${n.ns} is not in the table`);
        const typeId = n.text === "i=0" ? null : `nsu=${this.ns[n.ns]};${n.id}`;
        if (enc === 0) return { typeId, body: null };
        if (enc !== 1) throw new CheckError(o, path, `ExtensionObject encoding ${enc} (only binary bodies are expected)`);
        const body = r.bytes(path);
        if (body === null) throw new CheckError(o + 1, path, "ExtensionObject body length -1");
        const dt = typeId && this.model.byEncoding.get(typeId);
        if (!dt) return { typeId, body: body.toString("hex") };
        const sub = new Reader(body);
        const v = this.struct(dt, sub, `${path}<${dt.name}>`, depth + 1);
        if (sub.off !== body.length) throw new CheckError(o + 5 + sub.off, path, `${body.length - sub.off} bytes left over in the ${dt.name} body`);
        return { typeId, body: v };
    }

    variant(r, path, depth) {
        const o = r.off;
        const m = r.u8(path);
        const type = m & 0x3f;
        if (type === 0) return { type: 0 };
        if (type > 25) throw new CheckError(o, path, `Variant type ${type}`);
        if (!(m & 0x80)) return { type, value: this.builtin(type, r, path, depth + 1) };
        const n = r.i32(path);
        const array = [];
        for (let i = 0; i < n; i++) array.push(this.builtin(type, r, `${path}[${i}]`, depth + 1));
        const out = { type, array };
        if (m & 0x40) {
            const d = r.i32(path);
            out.dimensions = [];
            for (let i = 0; i < d; i++) out.dimensions.push(r.i32(path));
        }
        return out;
    }

    dataValue(r, path, depth) {
        const m = r.u8(path);
        const out = {};
        if (m & 0x01) out.value = this.variant(r, path, depth);
        if (m & 0x02) out.status = r.u32(path);
        if (m & 0x04) out.sourceTimestamp = r.take(8, path).readBigInt64LE(0).toString();
        if (m & 0x10) out.sourcePicoseconds = r.take(2, path).readUInt16LE(0);
        if (m & 0x08) out.serverTimestamp = r.take(8, path).readBigInt64LE(0).toString();
        if (m & 0x20) out.serverPicoseconds = r.take(2, path).readUInt16LE(0);
        return out;
    }

    diagnosticInfo(r, path, depth) {
        if (depth > 50) throw new CheckError(r.off, path, "too deep");
        const m = r.u8(path);
        const out = {};
        if (m & 0x01) out.symbolicId = r.i32(path);
        if (m & 0x02) out.namespaceUri = r.i32(path);
        if (m & 0x08) out.locale = r.i32(path);
        if (m & 0x04) out.localizedText = r.i32(path);
        if (m & 0x10) out.additionalInfo = str(r.bytes(path));
        if (m & 0x20) out.innerStatusCode = r.u32(path);
        if (m & 0x40) out.inner = this.diagnosticInfo(r, path, depth + 1);
        return out;
    }
}

function str(b) {
    return b === null ? null : b.toString("utf8");
}

function guid(b) {
    const h = (x, n) => x.toString(16).toUpperCase().padStart(n, "0");
    const tail = b.subarray(8).toString("hex").toUpperCase();
    return `${h(b.readUInt32LE(0), 8)}-${h(b.readUInt16LE(4), 4)}-${h(b.readUInt16LE(6), 4)}-${tail.slice(0, 4)}-${tail.slice(4)}`;
}

// ticks converts milliseconds since 1970 to the DateTime's decimal string.
export function ticks(ms) {
    return ((BigInt(ms) + EPOCH_MS) * 10000n).toString();
}

class Reader {
    constructor(b) {
        this.b = b;
        this.off = 0;
    }
    left() {
        return this.b.length - this.off;
    }
    take(n, path) {
        if (this.off + n > this.b.length) throw new CheckError(this.off, path, `${n} bytes needed, ${this.left()} left`);
        const s = this.b.subarray(this.off, this.off + n);
        this.off += n;
        return s;
    }
    u8(path) { return this.take(1, path)[0]; }
    i32(path) { return this.take(4, path).readInt32LE(0); }
    u32(path) { return this.take(4, path).readUInt32LE(0); }
    bytes(path) {
        const o = this.off;
        const n = this.i32(path);
        if (n === -1) return null;
        if (n < -1) throw new CheckError(o, path, `length ${n}`);
        return Buffer.from(this.take(n, path));
    }
}
