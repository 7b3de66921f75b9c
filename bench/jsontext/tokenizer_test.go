// Package jsontext measures uajson's own JSON reader and writer against
// github.com/go-json-experiment/json/jsontext (the module form of Go's
// encoding/json/jsontext, which Go 1.26 has only behind
// GOEXPERIMENT=jsonv2), with the same strictness: RFC 8259 syntax, valid
// UTF-8, and no member name given twice in an object. It is its own module
// so that jsontext never becomes a dependency of uabin; docs/json.md gives
// the figures and the decision they support.
//
//	cd bench/jsontext && go test -run '^$' -bench . -count 10 | tee new.txt
//
// Each document is read in full: jsontext.Decoder.ReadToken for every token
// (its defaults check UTF-8 and duplicate names), uajson.Unmarshal into a
// Variant whose one unknown member holds the document (uajson checks and
// skips it with the same rules), and for typed reading the W2 Double[1000]
// Variant decoded into a reused types.Variant by uajson and by a jsontext
// token loop with strconv.ParseFloat. Writing appends the Double[1000]
// Variant: uajson.Append into a reused buffer against jsontext.Encoder
// writing the same tokens into a reused bytes.Buffer.
package jsontext

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uajson"
)

// documents are the texts read in full: the Compact texts of W2 and W3 and
// an OPC UA ReadResponse of 100 results in the shape open62541 writes.
func documents(tb testing.TB) map[string][]byte {
	arr := make([]float64, 1000)
	for i := range arr {
		arr[i] = float64(i) * 0.5
	}
	w2, err := uajson.Marshal(types.MustVariant(arr))
	if err != nil {
		tb.Fatal(err)
	}
	w3, err := uajson.Marshal(types.DataValue{Value: types.MustVariant(42.5), Status: 0x40000000,
		SourceTimestamp: 133486382451234567, SourcePicoseconds: 10, ServerTimestamp: 133486382451244567, ServerPicoseconds: 20})
	if err != nil {
		tb.Fatal(err)
	}
	var sb strings.Builder
	sb.WriteString(`{"ResponseHeader":{"Timestamp":"2024-01-02T03:04:05.1234567Z","RequestHandle":42},"Results":[`)
	for i := 0; i < 100; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"UaType":12,"Value":"value-%d \u00e9","SourceTimestamp":"2024-01-02T03:04:05.%07dZ","ServerTimestamp":"2024-01-02T03:04:05.%07dZ"}`, i, i, i)
	}
	sb.WriteString(`]}`)
	return map[string][]byte{"W2Double1000": w2, "W3DataValue": w3, "ReadResponse100": []byte(sb.String())}
}

// readAll reads every token of doc with jsontext.
func readAll(dec *jsontext.Decoder, doc []byte) error {
	dec.Reset(bytes.NewReader(doc))
	for {
		if _, err := dec.ReadToken(); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

func TestSameStrictness(t *testing.T) {
	bad := map[string]string{
		"duplicate name":    `{"a":1,"a":2}`,
		"invalid UTF-8":     "[\"a\xffb\"]",
		"bad number":        `[01]`,
		"lone surrogate":    `["\ud800"]`,
		"control character": "[\"a\nb\"]",
	}
	dec := jsontext.NewDecoder(bytes.NewReader(nil))
	for name, doc := range bad {
		if readAll(dec, []byte(doc)) == nil {
			t.Errorf("jsontext accepts %s: %q", name, doc)
		}
		var v types.Variant
		if uajson.Unmarshal([]byte(`{"x":`+doc+`,"UaType":1,"Value":true}`), &v) == nil {
			t.Errorf("uajson accepts %s: %q", name, doc)
		}
	}
	for name, doc := range documents(t) {
		if err := readAll(dec, doc); err != nil {
			t.Errorf("jsontext rejects %s: %v", name, err)
		}
		var v types.Variant
		if err := uajson.Unmarshal(wrap(doc), &v); err != nil {
			t.Errorf("uajson rejects %s: %v", name, err)
		}
	}
}

// wrap puts doc as the unknown member of a Variant.
func wrap(doc []byte) []byte {
	return append(append([]byte(`{"UaType":1,"Value":true,"x":`), doc...), '}')
}

func BenchmarkRead(b *testing.B) {
	for name, doc := range documents(b) {
		b.Run(name+"/jsontext", func(b *testing.B) {
			dec := jsontext.NewDecoder(bytes.NewReader(nil))
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if err := readAll(dec, doc); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/uajson", func(b *testing.B) {
			w := wrap(doc)
			var v types.Variant
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if err := uajson.Unmarshal(w, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecodeDoubles decodes the W2 Double[1000] Variant's values.
func BenchmarkDecodeDoubles(b *testing.B) {
	doc := documents(b)["W2Double1000"]
	b.Run("jsontext", func(b *testing.B) {
		dec := jsontext.NewDecoder(bytes.NewReader(nil))
		out := make([]float64, 0, 1000)
		b.SetBytes(int64(len(doc)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			dec.Reset(bytes.NewReader(doc))
			out = out[:0]
			for {
				tok, err := dec.ReadToken()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				if tok.Kind() == '0' && dec.StackDepth() == 2 {
					f, err := strconv.ParseFloat(tok.String(), 64)
					if err != nil {
						b.Fatal(err)
					}
					out = append(out, f)
				}
			}
			if len(out) != 1000 || out[999] != 499.5 {
				b.Fatalf("%d values", len(out))
			}
		}
	})
	b.Run("uajson", func(b *testing.B) {
		var v types.Variant
		b.SetBytes(int64(len(doc)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if err := uajson.Unmarshal(doc, &v); err != nil {
				b.Fatal(err)
			}
		}
		if s := v.Raw().([]float64); len(s) != 1000 || s[999] != 499.5 {
			b.Fatal("wrong values")
		}
	})
}

// BenchmarkWriteDoubles writes the W2 Double[1000] Variant.
func BenchmarkWriteDoubles(b *testing.B) {
	arr := make([]float64, 1000)
	for i := range arr {
		arr[i] = float64(i) * 0.5
	}
	v := types.MustVariant(arr)
	want, _ := uajson.Marshal(&v)
	b.Run("jsontext", func(b *testing.B) {
		var buf bytes.Buffer
		enc := jsontext.NewEncoder(&buf)
		b.SetBytes(int64(len(want)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			buf.Reset()
			enc.Reset(&buf)
			enc.WriteToken(jsontext.BeginObject)
			enc.WriteToken(jsontext.String("UaType"))
			enc.WriteToken(jsontext.Uint(11))
			enc.WriteToken(jsontext.String("Value"))
			enc.WriteToken(jsontext.BeginArray)
			for _, f := range arr {
				if math.IsNaN(f) || math.IsInf(f, 0) {
					b.Fatal("not finite")
				}
				enc.WriteToken(jsontext.Float(f))
			}
			enc.WriteToken(jsontext.EndArray)
			if err := enc.WriteToken(jsontext.EndObject); err != nil {
				b.Fatal(err)
			}
		}
		if got := bytes.TrimSpace(buf.Bytes()); !bytes.Equal(got, want) {
			b.Fatalf("jsontext wrote %.60s..., uajson %.60s...", got, want)
		}
	})
	b.Run("uajson", func(b *testing.B) {
		buf := make([]byte, 0, 2*len(want))
		b.SetBytes(int64(len(want)))
		b.ReportAllocs()
		var err error
		for i := 0; i < b.N; i++ {
			buf, err = uajson.Append(buf[:0], &v)
		}
		if err != nil || !bytes.Equal(buf, want) {
			b.Fatal("wrong text")
		}
	})
}
