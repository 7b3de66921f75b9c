package main

import "testing"

// One benchmark per case, with sub-benchmarks <direction>/<implementation>,
// for `go test -bench . -benchmem` and benchstat. TestBenchmarksCoverCases
// keeps this list and cases() in step.

func BenchmarkW1UInt32(b *testing.B)             { benchCase(b, "W1UInt32") }
func BenchmarkW1Double(b *testing.B)             { benchCase(b, "W1Double") }
func BenchmarkW1String(b *testing.B)             { benchCase(b, "W1String") }
func BenchmarkW1ByteString(b *testing.B)         { benchCase(b, "W1ByteString") }
func BenchmarkW1Guid(b *testing.B)               { benchCase(b, "W1Guid") }
func BenchmarkW1DateTime(b *testing.B)           { benchCase(b, "W1DateTime") }
func BenchmarkW1NodeIdTwoByte(b *testing.B)      { benchCase(b, "W1NodeIdTwoByte") }
func BenchmarkW1NodeIdFourByte(b *testing.B)     { benchCase(b, "W1NodeIdFourByte") }
func BenchmarkW1NodeIdNumeric(b *testing.B)      { benchCase(b, "W1NodeIdNumeric") }
func BenchmarkW1NodeIdString(b *testing.B)       { benchCase(b, "W1NodeIdString") }
func BenchmarkW1NodeIdGuid(b *testing.B)         { benchCase(b, "W1NodeIdGuid") }
func BenchmarkW1ExpandedNodeId(b *testing.B)     { benchCase(b, "W1ExpandedNodeId") }
func BenchmarkW2VariantDouble(b *testing.B)      { benchCase(b, "W2VariantDouble") }
func BenchmarkW2VariantUInt32(b *testing.B)      { benchCase(b, "W2VariantUInt32") }
func BenchmarkW2VariantString(b *testing.B)      { benchCase(b, "W2VariantString") }
func BenchmarkW2VariantDouble1000(b *testing.B)  { benchCase(b, "W2VariantDouble1000") }
func BenchmarkW2VariantInt32Matrix(b *testing.B) { benchCase(b, "W2VariantInt32Matrix") }
func BenchmarkW3DataValueFull(b *testing.B)      { benchCase(b, "W3DataValueFull") }
func BenchmarkW4ReadRequest1(b *testing.B)       { benchCase(b, "W4ReadRequest1") }
func BenchmarkW4ReadRequest50(b *testing.B)      { benchCase(b, "W4ReadRequest50") }
func BenchmarkW4ReadRequest500(b *testing.B)     { benchCase(b, "W4ReadRequest500") }
func BenchmarkW5ReadResponse10(b *testing.B)     { benchCase(b, "W5ReadResponse10") }
func BenchmarkW5ReadResponse100(b *testing.B)    { benchCase(b, "W5ReadResponse100") }
func BenchmarkW5ReadResponse1000(b *testing.B)   { benchCase(b, "W5ReadResponse1000") }
func BenchmarkW6BrowseResponse500(b *testing.B)  { benchCase(b, "W6BrowseResponse500") }
func BenchmarkW7ExtensionObject50(b *testing.B)  { benchCase(b, "W7ExtensionObject50") }
func BenchmarkW8ChunkingPlain(b *testing.B)      { benchCase(b, "W8ChunkingPlain") }
func BenchmarkW8ChunkingSigned(b *testing.B)     { benchCase(b, "W8ChunkingSigned") }
func BenchmarkW8ChunkingEncrypted(b *testing.B)  { benchCase(b, "W8ChunkingEncrypted") }

func BenchmarkW8ChunkingNistP256Signed(b *testing.B)    { benchCase(b, "W8ChunkingNistP256Signed") }
func BenchmarkW8ChunkingNistP256Encrypted(b *testing.B) { benchCase(b, "W8ChunkingNistP256Encrypted") }
func BenchmarkW8ChunkingCurve25519Signed(b *testing.B)  { benchCase(b, "W8ChunkingCurve25519Signed") }
func BenchmarkW8ChunkingCurve25519Encrypted(b *testing.B) {
	benchCase(b, "W8ChunkingCurve25519Encrypted")
}

// The floors: a plain copy of the bytes W2 Double[1000] and W8 move.

func BenchmarkFloorCopy8000(b *testing.B)  { benchCopy(b, 8000) }
func BenchmarkFloorCopy64KiB(b *testing.B) { benchCopy(b, 64<<10) }
