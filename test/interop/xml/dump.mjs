// dump.mjs: the values of NodeSet2 files as node-opcua reads them, for the
// XML cross-check of test/interop/xml (see run.sh and README.md there).
//
//   node dump.mjs OUT.tsv FILE.xml [FILE.xml ...]
//
// Each FILE is loaded into an address space of its own (offline, with
// node-opcua's NodeSet2 loader): first the namespace-0 file (the first FILE
// whose model is http://opcfoundation.org/UA/), then the files of the
// models FILE requires, then FILE. Before loading, the address space's
// namespaces are registered in the order of FILE's <NamespaceUris>, so the
// address space's namespace indexes are FILE's own: a value read from it
// encodes exactly as the same value written with FILE's namespace table, and
// its bytes compare with another stack's without any remapping.
//
// For every UAVariable and UAVariableType of FILE's model (its namespace, or
// namespace 0 for the namespace-0 file) one line goes to OUT:
//
//   file <TAB> NodeId <TAB> OK <TAB> hex of the Variant's UA Binary encoding
//   file <TAB> NodeId <TAB> ERR <TAB> message
//
// NodeId is written with FILE's namespace index (i=, s=, g=, b= as in
// NodeSet2 files). Nodes without a <Value> are dumped too (node-opcua gives
// them a null or default value); the comparing test joins on the nodes that
// had one.
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { AddressSpace, AttributeIds, BinaryStream, NodeClass, generateAddressSpace } from "node-opcua";

const UA = "http://opcfoundation.org/UA/";

// header reads the model URI, the required models and the namespace table
// of a NodeSet2 file (its <NamespaceUris> and <Models>, before the nodes).
function header(path) {
  const text = readFileSync(path, "utf8");
  const end = text.search(/<(UAObject|UAVariable|UAMethod|UAView|UAObjectType|UAVariableType|UAReferenceType|UADataType)\b/);
  const head = end < 0 ? text : text.slice(0, end);
  const uris = [];
  const nsBlock = head.match(/<NamespaceUris>([\s\S]*?)<\/NamespaceUris>/);
  if (nsBlock) {
    for (const m of nsBlock[1].matchAll(/<Uri>([^<]*)<\/Uri>/g)) uris.push(m[1].trim());
  }
  const model = head.match(/<Model\b[^>]*\bModelUri="([^"]*)"/);
  const modelBlock = head.match(/<Model\b[^>]*?(\/>|>[\s\S]*?<\/Model>)/);
  const required = [];
  if (modelBlock) {
    for (const m of modelBlock[0].matchAll(/<RequiredModel\b[^>]*\bModelUri="([^"]*)"/g)) required.push(m[1]);
  }
  return { path, uris, model: model ? model[1] : uris[0], required };
}

// loadOrder lists the files to load for one file: its required models first,
// depth first, each once.
function loadOrder(file, byModel) {
  const order = [];
  const seen = new Set();
  const visit = (h) => {
    if (seen.has(h.model)) return;
    seen.add(h.model);
    for (const req of h.required) {
      const dep = byModel.get(req);
      if (!dep) throw new Error(`${basename(h.path)} requires ${req}, which no given file defines`);
      visit(dep);
    }
    order.push(h.path);
  };
  visit(file);
  return order;
}

function nodeIdText(nodeId) {
  const ns = nodeId.namespace ? `ns=${nodeId.namespace};` : "";
  switch (nodeId.identifierType) {
    case 1: return `${ns}i=${nodeId.value}`;
    case 2: return `${ns}s=${nodeId.value}`;
    case 3: return `${ns}g=${String(nodeId.value).toUpperCase()}`;
    case 4: return `${ns}b=${Buffer.from(nodeId.value).toString("base64")}`;
    default: throw new Error(`unknown identifier type ${nodeId.identifierType}`);
  }
}

function variantHex(variant) {
  const stream = new BinaryStream(variant.binaryStoreSize());
  variant.encode(stream);
  return stream.buffer.subarray(0, stream.length).toString("hex");
}

async function dumpFile(file, byModel, ns0) {
  const addressSpace = AddressSpace.create();
  for (const uri of file.uris) {
    if (uri !== UA && !addressSpace.getNamespace(uri)) addressSpace.registerNamespace(uri);
  }
  const files = file.model === UA ? [file.path] : [ns0.path, ...loadOrder(file, byModel).filter((p) => p !== ns0.path)];
  await generateAddressSpace(addressSpace, files);
  const namespace = addressSpace.getNamespace(file.model);
  const lines = [];
  const name = basename(file.path);
  for (const node of namespace.nodeIterator()) {
    if (node.nodeClass !== NodeClass.Variable && node.nodeClass !== NodeClass.VariableType) continue;
    const id = nodeIdText(node.nodeId);
    try {
      const dataValue = node.readAttribute(null, AttributeIds.Value);
      lines.push(`${name}\t${id}\tOK\t${variantHex(dataValue.value)}`);
    } catch (err) {
      lines.push(`${name}\t${id}\tERR\t${String(err && err.message ? err.message : err).split("\n")[0]}`);
    }
  }
  addressSpace.dispose();
  return lines;
}

async function main() {
  const [out, ...paths] = process.argv.slice(2);
  if (!out || paths.length === 0) {
    console.error("usage: node dump.mjs OUT.tsv FILE.xml [FILE.xml ...]");
    process.exit(2);
  }
  const headers = paths.map(header);
  const byModel = new Map(headers.map((h) => [h.model, h]));
  const ns0 = byModel.get(UA);
  if (!ns0) throw new Error("no namespace-0 file (model http://opcfoundation.org/UA/) among the files");
  const lines = [];
  for (const file of headers) {
    const started = Date.now();
    const dumped = await dumpFile(file, byModel, ns0);
    console.error(`dump.mjs: ${basename(file.path)}: ${dumped.length} variables and variable types, ${Date.now() - started} ms`);
    lines.push(...dumped);
  }
  writeFileSync(out, lines.join("\n") + "\n");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
