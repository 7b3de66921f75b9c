package xml

import (
	"testing"

	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uaxml"
)

// BenchmarkXML times package uaxml on the W1-W7 values of
// testdata/workloads.tsv, the values o6xml bench times open62541 on
// (compare.sh runs both and prints the table): encode appends into a reused
// buffer (as UA_encodeXml writes into a preallocated one), decode reads
// into a new value each time (as UA_decodeXml + UA_clear does). The
// sub-benchmarks are named after the rows: BenchmarkXML/W1.UInt32/encode.
func BenchmarkXML(b *testing.B) {
	for _, w := range readWorkloads(b) {
		v := goValue(b, w.typeName)
		if err := uabin.Unmarshal(w.bin, v); err != nil {
			b.Fatalf("%s: %v", w.name, err)
		}
		x, err := uaxml.Marshal(v)
		if err != nil {
			b.Fatalf("%s: %v", w.name, err)
		}
		b.Run(w.name+"/encode", func(b *testing.B) {
			b.SetBytes(int64(len(x)))
			buf := make([]byte, 0, len(x))
			for b.Loop() {
				if buf, err = uaxml.Append(buf[:0], v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(w.name+"/decode", func(b *testing.B) {
			b.SetBytes(int64(len(x)))
			for b.Loop() {
				if err := uaxml.Unmarshal(x, goValue(b, w.typeName)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
