// Package cases builds the inputs of the hostile-input suite in
// test/hostile: the decoding targets (Targets: every built-in, every
// non-abstract generated structure, a recursive user type and service
// messages), the W1-W7 golden encodings (Goldens, made with the engine),
// the hostile cases with their expected outcomes (All: recursion bombs,
// length bombs, matrix tricks, configured limits, invalid encodings,
// positive controls, and chunk streams in each security mode sealed with
// the W8 keys by Seal), the chunk scripts of FuzzChunkReassembly
// (RunScript) and the seed corpora (Seeds).
//
// The command test/hostile/cmd/gencases writes them to test/hostile/testdata
// (Write); the tests read them back (Load, Parse) and check that they are
// up to date (Files, Stale).
package cases
