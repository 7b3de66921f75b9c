// Package message measures what a user of an OPC UA client or server feels
// per service call: a complete service message (its binary encoding NodeId
// and the body) encoded and framed into Secure Conversation MSG chunks in
// one go, and the reverse (reassembly of the chunks, then decoding), for
// three implementations side by side:
//
//   - uabin-fast: uabin.Options.AppendMessage with the fast paths (the
//     default), framed by chunk.Sender, reassembled by chunk.Receiver;
//   - uabin-plans: the same with uabin.Options{DisableFastPaths: true};
//   - gopcua: github.com/gopcua/opcua v0.8.0, driven through its public
//     pieces the way its uasc.SecureChannel drives them (see gopcua.go).
//
// The messages are W4 ReadRequest with 1 and 50 nodes and W5 ReadResponse
// with 100 values (docs/workloads.md), under
// SecurityPolicy None and Basic256Sha256 in mode Sign, on SecureChannelId 7,
// TokenId 1, RequestId 99, first sequence number 1000, chunks of at most
// 8192 bytes. The symmetric keys are derived from fixed nonces by both
// libraries (chunk.Policy.ChannelKeys and gopcua's uapolicy.Symmetric), so
// the two produce the same chunks byte for byte; the tests check that.
//
// Every Pipeline has six stages, so that the cost can be split:
//
//	encode            body alone: NodeId + structure into a reused buffer
//	frame             framing alone: the encoded body into MSG chunks
//	encode+frame      both, as a client sends a request
//	reassemble        the chunks back into the body (signatures checked)
//	decode            body alone: NodeId checked, structure into a reused value
//	reassemble+decode both, as a peer receives the message
//
// BenchmarkMessage in this package runs them all
// (BenchmarkMessage/ReadRequest50/Sign/encode+frame/uabin-fast); the
// profiling command bench/compare/cmd/uaprof runs them in a loop under
// runtime/pprof. docs/performance.md has the figures and how to read them.
package message
