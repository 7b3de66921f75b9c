// nodeset.mjs: a small, independent reader of NodeSet2 files for the
// checker of gen-vectors.mjs. It knows nothing of node-opcua: it parses the
// XML itself and keeps, for every DataType, its NodeId (as an nsu= string),
// BrowseName, IsAbstract, supertype (HasSubtype, inverse), Default Binary
// encoding (HasEncoding to an object named "Default Binary") and
// <Definition>.
import fs from "node:fs";

export const NS0 = "http://opcfoundation.org/UA/";

// parseXML returns the element tree of an XML document: {name, attrs,
// children, text}. It handles what NodeSet2 files use: the declaration,
// comments, CDATA, attributes in single or double quotes and the five named
// and numeric character references.
export function parseXML(src) {
    const root = { name: "#root", attrs: {}, children: [], text: "" };
    const stack = [root];
    const ent = (s) => s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (_, e) => {
        if (e[0] === "#") return String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
        return { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" }[e];
    });
    let i = 0;
    while (i < src.length) {
        const lt = src.indexOf("<", i);
        if (lt < 0) break;
        if (lt > i) stack[stack.length - 1].text += ent(src.slice(i, lt));
        if (src.startsWith("<!--", lt)) {
            i = src.indexOf("-->", lt) + 3;
        } else if (src.startsWith("<![CDATA[", lt)) {
            const end = src.indexOf("]]>", lt);
            stack[stack.length - 1].text += src.slice(lt + 9, end);
            i = end + 3;
        } else if (src.startsWith("<?", lt) || src.startsWith("<!", lt)) {
            i = src.indexOf(">", lt) + 1;
        } else if (src[lt + 1] === "/") {
            const gt = src.indexOf(">", lt);
            const name = src.slice(lt + 2, gt).trim();
            const top = stack.pop();
            if (top.name !== name) throw new Error(`XML: </${name}> closes <${top.name}> at ${lt}`);
            i = gt + 1;
        } else {
            // a start tag: find its end outside quotes
            let j = lt + 1;
            let q = null;
            for (; j < src.length; j++) {
                const c = src[j];
                if (q) { if (c === q) q = null; } else if (c === '"' || c === "'") q = c; else if (c === ">") break;
            }
            let body = src.slice(lt + 1, j);
            const selfClosing = body.endsWith("/");
            if (selfClosing) body = body.slice(0, -1);
            const m = /^([^\s]+)/.exec(body);
            const el = { name: m[1], attrs: {}, children: [], text: "" };
            const re = /([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
            let a;
            while ((a = re.exec(body.slice(m[1].length)))) el.attrs[a[1]] = ent(a[3] !== undefined ? a[3] : a[4]);
            stack[stack.length - 1].children.push(el);
            if (!selfClosing) stack.push(el);
            i = j + 1;
        }
    }
    if (stack.length !== 1) throw new Error(`XML: <${stack[stack.length - 1].name}> not closed`);
    return root;
}

const kids = (el, name) => el.children.filter((c) => c.name === name);
const kid = (el, name) => el.children.find((c) => c.name === name);

// Model holds the DataTypes of every file read into it, keyed by nsu= id.
export class Model {
    constructor() {
        this.dataTypes = new Map(); // key -> DataType
        this.byEncoding = new Map(); // Default Binary encoding key -> DataType
        this.files = []; // {file, modelUri, version, publicationDate, required: [{modelUri, version}], namespaceUris}
    }

    // read adds one NodeSet2 file.
    read(file) {
        const doc = parseXML(fs.readFileSync(file, "utf8"));
        const set = doc.children.find((c) => c.name === "UANodeSet");
        if (!set) throw new Error(`${file}: no UANodeSet`);
        const uris = [NS0, ...(kid(set, "NamespaceUris") ? kids(kid(set, "NamespaceUris"), "Uri").map((u) => u.text.trim()) : [])];
        const aliases = new Map();
        const al = kid(set, "Aliases");
        if (al) for (const a of kids(al, "Alias")) aliases.set(a.attrs.Alias, a.text.trim());
        const key = (s) => nodeKey(aliases.has(s) ? aliases.get(s) : s, uris);
        const models = kid(set, "Models") ? kids(kid(set, "Models"), "Model") : [];
        const info = {
            file,
            models: models.map((m) => ({
                modelUri: m.attrs.ModelUri,
                version: m.attrs.Version,
                publicationDate: m.attrs.PublicationDate,
                required: kids(m, "RequiredModel").map((r) => ({ modelUri: r.attrs.ModelUri, version: r.attrs.Version })),
            })),
            namespaceUris: uris,
        };
        this.files.push(info);
        const refName = (r) => {
            const t = r.attrs.ReferenceType;
            if (t === "HasSubtype" || t === "i=45") return "HasSubtype";
            if (t === "HasEncoding" || t === "i=38") return "HasEncoding";
            return aliases.has(t) ? ({ "i=45": "HasSubtype", "i=38": "HasEncoding" })[aliases.get(t)] || t : t;
        };
        // Default Binary encoding objects, and the DataTypes that name
        // them from the encoding's side (an inverse HasEncoding).
        const binary = new Set();
        const inverseEncoding = new Map(); // DataType -> encoding
        for (const o of kids(set, "UAObject")) {
            if (o.attrs.BrowseName !== "Default Binary" && o.attrs.BrowseName !== "0:Default Binary") continue;
            const enc = key(o.attrs.NodeId);
            binary.add(enc);
            const refs = kid(o, "References");
            for (const r of refs ? kids(refs, "Reference") : []) {
                if (refName(r) === "HasEncoding" && r.attrs.IsForward === "false") inverseEncoding.set(key(r.text.trim()), enc);
            }
        }
        for (const d of kids(set, "UADataType")) {
            const id = key(d.attrs.NodeId);
            const bn = d.attrs.BrowseName;
            const dt = {
                key: id,
                namespaceUri: splitKey(id).uri,
                name: bn.includes(":") ? bn.slice(bn.indexOf(":") + 1) : bn,
                isAbstract: d.attrs.IsAbstract === "true",
                base: null,
                binaryEncoding: null,
                definition: null,
                file,
            };
            const refs = kid(d, "References");
            for (const r of refs ? kids(refs, "Reference") : []) {
                const name = refName(r);
                const target = key(r.text.trim());
                if (name === "HasSubtype" && r.attrs.IsForward === "false") dt.base = target;
                if (name === "HasEncoding" && r.attrs.IsForward !== "false" && binary.has(target)) dt.binaryEncoding = target;
            }
            if (!dt.binaryEncoding && inverseEncoding.has(id)) dt.binaryEncoding = inverseEncoding.get(id);
            const def = kid(d, "Definition");
            if (def) {
                dt.definition = {
                    isUnion: def.attrs.IsUnion === "true",
                    isOptionSet: def.attrs.IsOptionSet === "true",
                    fields: kids(def, "Field").map((f) => ({
                        name: f.attrs.Name,
                        dataType: key(f.attrs.DataType || "i=24"),
                        valueRank: f.attrs.ValueRank === undefined ? -1 : parseInt(f.attrs.ValueRank, 10),
                        arrayDimensions: f.attrs.ArrayDimensions,
                        isOptional: f.attrs.IsOptional === "true",
                        allowSubTypes: f.attrs.AllowSubTypes === "true",
                        value: f.attrs.Value === undefined ? undefined : parseInt(f.attrs.Value, 10),
                    })),
                };
            }
            this.dataTypes.set(id, dt);
            if (dt.binaryEncoding) this.byEncoding.set(dt.binaryEncoding, dt);
        }
        return info;
    }

    get(key) {
        return this.dataTypes.get(key);
    }

    // isSubtypeOf reports whether a is b or one of its subtypes.
    isSubtypeOf(a, b) {
        for (let k = a, n = 0; k && n < 100; n++) {
            if (k === b) return true;
            const dt = this.dataTypes.get(k);
            k = dt ? dt.base : null;
        }
        return false;
    }

    // subtypes returns every DataType that is a proper subtype of key.
    subtypes(key) {
        return [...this.dataTypes.values()].filter((dt) => dt.key !== key && this.isSubtypeOf(dt.key, key));
    }

    // kind classifies a DataType for the encoding: {kind: "builtin", id}
    // (1..25; Enumeration subtypes are Int32, 6), {kind: "enum", dt},
    // {kind: "struct", dt} (a concrete or abstract Structure subtype),
    // {kind: "variant"} (BaseDataType, Number, Integer, UInteger),
    // {kind: "eo"} (Structure itself). A simple subtype of a built-in is
    // that built-in.
    kind(key) {
        for (let k = key, n = 0; k; n++) {
            if (n > 100) throw new Error(`${key}: a HasSubtype cycle`);
            const { uri, id } = splitKey(k);
            if (uri === NS0 && typeof id === "number") {
                if (id === 22) return k === key ? { kind: "eo" } : { kind: "struct", dt: this.dataTypes.get(key) };
                if (id === 29) return k === key ? { kind: "builtin", id: 6 } : { kind: "enum", dt: this.dataTypes.get(key) };
                if (id === 24 || id === 26 || id === 27 || id === 28) return { kind: "variant" };
                if (id >= 1 && id <= 25) return { kind: "builtin", id };
            }
            const dt = this.dataTypes.get(k);
            if (!dt) throw new Error(`DataType ${k} (a supertype of ${key}) is not in the model`);
            k = dt.base;
        }
        throw new Error(`DataType ${key} has no built-in supertype`);
    }
}

// nodeKey turns a NodeSet2 NodeId string into its nsu= form.
export function nodeKey(s, uris) {
    const m = /^(?:ns=(\d+);)?([isgb])=(.*)$/s.exec(s);
    if (!m) throw new Error(`bad NodeId ${s}`);
    const ns = m[1] ? parseInt(m[1], 10) : 0;
    if (ns >= uris.length) throw new Error(`NodeId ${s}: namespace ${ns} is not in the table`);
    return `nsu=${uris[ns]};${m[2]}=${m[3]}`;
}

// splitKey returns the URI and identifier of an nsu= key (numeric ids as
// numbers).
export function splitKey(k) {
    const m = /^nsu=(.*);([isgb])=(.*)$/s.exec(k);
    if (!m) throw new Error(`bad key ${k}`);
    return { uri: m[1], type: m[2], id: m[2] === "i" ? parseInt(m[3], 10) : m[3] };
}
