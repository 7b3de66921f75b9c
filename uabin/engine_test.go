package uabin

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"runtime"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/fastpath"
)

// TestConcurrentPlans builds and uses plans from many goroutines at once
// (run with -race): every goroutine must see complete, identical plans.
func TestConcurrentPlans(t *testing.T) {
	type A struct {
		X  []int32
		N  *A `ua:"optional"`
		DI types.DiagnosticInfo
	}
	type B struct {
		A A
		V []types.Variant
		M map[int]int `ua:"-"`
	}
	set := fastpath.NewSet() // fresh caches for this test
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			o := Options{FastPaths: set, DisableFastPaths: i%2 == 0}
			v := B{A: A{X: []int32{int32(i)}, N: &A{}}, V: []types.Variant{vBits(types.TypeInt32, uint64(i))}}
			b, err := o.Marshal(&v)
			if err != nil {
				errs <- err
				return
			}
			var got B
			if err := o.Unmarshal(b, &got); err != nil {
				errs <- err
				return
			}
			if got.A.X[0] != int32(i) {
				errs <- errors.New("wrong value")
			}
			if _, err := o.Marshal(&Rich{}); err != nil {
				errs <- err
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestMessages(t *testing.T) {
	o := Options{Types: testRegistry}
	req := w4Request(1)
	want := append(hx("01 00 77 02"), w4Body...)
	if len(want) != 118 {
		t.Fatalf("W4 N=1 is %d bytes, want 118", len(want))
	}
	for _, oo := range []Options{o, {Types: testRegistry, DisableFastPaths: true}} {
		b, err := oo.MarshalMessage(&req)
		if err != nil || !bytes.Equal(b, want) {
			t.Fatalf("%s: MarshalMessage = % x, %v\nwant % x", optsName(oo), b, err, want)
		}
		b, err = oo.AppendMessage([]byte{9}, req)
		if err != nil || !bytes.Equal(b, append([]byte{9}, want...)) {
			t.Fatalf("AppendMessage(value) = % x, %v", b, err)
		}
		var v any
		if err := oo.UnmarshalMessage(want, &v); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(&req, v, cmpOpts...); d != "" {
			t.Fatalf("UnmarshalMessage (-want +got):\n%s", d)
		}
		var got ReadRequest
		if err := oo.UnmarshalMessage(want, &got); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(&req, &got, cmpOpts...); d != "" {
			t.Fatalf("UnmarshalMessage into *ReadRequest (-want +got):\n%s", d)
		}
		var again ReadRequest
		n, err := oo.DecodeMessage(append(bytes.Clone(want), 1, 2, 3), &again)
		if err != nil || n != 118 || again.RequestHeader.RequestHandle != 42 {
			t.Fatalf("DecodeMessage = %d, %v", n, err)
		}
	}
	var v any
	if err := o.UnmarshalMessage(hx("01 00 78 02 00"), &v); !errors.Is(err, ErrUnknownType) {
		t.Errorf("unknown message id: %v, want ErrUnknownType", err)
	}
	if _, err := o.MarshalMessage(&Skip{}); !errors.Is(err, ErrUnknownType) {
		t.Errorf("unregistered message type: %v, want ErrUnknownType", err)
	}
	if err := o.UnmarshalMessage(append(bytes.Clone(want), 0), &v); !errors.Is(err, ErrInvalid) {
		t.Errorf("message with a byte left over: %v, want ErrInvalid", err)
	}
	// A truncated message names the field.
	err := o.UnmarshalMessage(want[:len(want)-3], &v)
	var de *DecodeError
	if !errors.As(err, &de) || !pathMatches(de.Path, "ReadRequest.NodesToRead[0].DataEncoding") || !errors.Is(err, ErrTruncated) {
		t.Errorf("truncated message: %v", err)
	}
}

func TestRegistry(t *testing.T) {
	r := newRegistry(nil)
	id := types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5001)}
	if err := RegisterType[Prims](r, id); err != nil {
		t.Fatal(err)
	}
	if err := RegisterType[Prims](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 5002)}); !errors.Is(err, ErrDuplicateType) {
		t.Errorf("duplicate Go type: %v", err)
	}
	if err := RegisterType[Stored](r, id); !errors.Is(err, ErrDuplicateID) {
		t.Errorf("duplicate id: %v", err)
	}
	if err := RegisterType[struct{ M map[int]int }](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 1)}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("unsupported type: %v", err)
	}
	if err := RegisterType[*Prims](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 2)}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("pointer type: %v", err)
	}
	if err := RegisterType[Stored](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(2, 3), ServerIndex: 1}); !errors.Is(err, ErrInvalid) {
		t.Errorf("server index: %v", err)
	}
	// The same id under a URI is a different registration.
	if err := RegisterType[Stored](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 5001), NamespaceURI: "urn:a"}); err != nil {
		t.Errorf("URI registration: %v", err)
	}
	if got := r.LookupType(types.NewNumericNodeID(2, 5001), nil); got != reflect.TypeFor[Prims]() {
		t.Errorf("LookupType by index = %v", got)
	}
	if got := r.LookupType(types.NewNumericNodeID(3, 5001), []string{"", "", "", "urn:a"}); got != reflect.TypeFor[Stored]() {
		t.Errorf("LookupType by URI = %v", got)
	}
	if got := r.LookupType(types.NewNumericNodeID(3, 5001), nil); got != nil {
		t.Errorf("LookupType by URI without a table = %v", got)
	}
	if eid, ok := r.EncodingID(reflect.TypeFor[Stored]()); !ok || eid.NamespaceURI != "urn:a" {
		t.Errorf("EncodingID = %v, %v", eid, ok)
	}
	// Standard types are pre-registered in NewRegistry.
	for _, ti := range types.StandardTypes {
		if ti.BinaryEncodingID == 0 || ti.Abstract || ti.Type == nil {
			continue
		}
		if got := NewRegistry().LookupType(types.NewNumericNodeID(0, ti.BinaryEncodingID), nil); got != ti.Type {
			t.Errorf("%s: NewRegistry has %v for i=%d", ti.Name, got, ti.BinaryEncodingID)
		}
		break
	}
	// Concurrent registration and lookup (run with -race).
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			_ = RegisterType[Union](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(4, 1)})
		}()
		go func() { defer wg.Done(); _ = r.LookupType(types.NewNumericNodeID(4, 1), nil) }()
	}
	wg.Wait()
	if got := r.LookupType(types.NewNumericNodeID(4, 1), nil); got != reflect.TypeFor[Union]() {
		t.Errorf("after concurrent registration: %v", got)
	}
}

type oneByteReader struct{ b []byte }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.b[0]
	r.b = r.b[1:]
	return 1, nil
}

func TestStreams(t *testing.T) {
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	vals := []Prims{primsValue, {}, {S: "x"}}
	for i := range vals {
		if err := enc.Encode(&vals[i]); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range []io.Reader{bytes.NewReader(buf.Bytes()), &oneByteReader{buf.Bytes()}} {
		dec := NewDecoder(r)
		for i := range vals {
			var got Prims
			if err := dec.Decode(&got); err != nil {
				t.Fatalf("Decode #%d: %v", i, err)
			}
			if got != vals[i] {
				t.Fatalf("Decode #%d = %+v, want %+v", i, got, vals[i])
			}
		}
		var p Prims
		if err := dec.Decode(&p); err != io.EOF {
			t.Fatalf("Decode at the end = %v, want io.EOF", err)
		}
	}
	dec := NewDecoder(bytes.NewReader(buf.Bytes()[:10]))
	var p Prims
	var de *DecodeError
	if err := dec.Decode(&p); !errors.As(err, &de) || !errors.Is(err, ErrTruncated) || de.Offset != 7 || de.Path != "Prims.I32" {
		t.Fatalf("Decode of a cut value = %v, want a *DecodeError of Prims.I32 at offset 7 wrapping ErrTruncated", err)
	}
	dec = NewDecoder(bytes.NewReader(hx("fe ff ff ff")))
	var s []int32
	if err := dec.Decode(&s); !errors.Is(err, ErrInvalid) {
		t.Fatalf("Decode of a bad value = %v, want ErrInvalid", err)
	}
	dec = NewDecoder(bytes.NewReader(hx("10 00 00 00", "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00")))
	dec.Options.MaxMessageSize = 8
	var bs []byte
	if err := dec.Decode(&bs); !errors.Is(err, ErrLimitExceeded) {
		t.Fatalf("Decode of a value above MaxMessageSize = %v, want ErrLimitExceeded", err)
	}
}

// TestDecoderTrickle: a stream that delivers one byte per Read costs heap
// linear in the value's size (the Decoder retries after doubling its
// buffer, not after every Read).
func TestDecoderTrickle(t *testing.T) {
	v := vRaw(types.TypeDouble, true, make([]float64, 1000), nil)
	in, err := Marshal(&v)
	if err != nil {
		t.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	d := NewDecoder(iotest.OneByteReader(bytes.NewReader(in)))
	var out types.Variant
	if err := d.Decode(&out); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&m1)
	if heap := m1.TotalAlloc - m0.TotalAlloc; heap > uint64(100*len(in)+64<<10) {
		t.Errorf("decoding %d bytes one byte per Read used %d bytes of heap", len(in), heap)
	}
	if err := d.Decode(&out); err != io.EOF {
		t.Errorf("Decode at the end = %v, want io.EOF", err)
	}
}
