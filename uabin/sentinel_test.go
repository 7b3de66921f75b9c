package uabin_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/bsd"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// sentinels are the documented sentinel errors (errors.go): every error
// the exported functions of uabin, uabin/fastpath, uabin/wire and
// uabin/bsd return wraps one of them. The one exception is documented on
// Encoder and Decoder: the errors of the underlying io.Writer or io.Reader,
// and io.EOF at a clean end of the stream, are returned as they are.
var sentinels = []error{uabin.ErrTruncated, uabin.ErrLimitExceeded, uabin.ErrInvalid, uabin.ErrUnknownType, uabin.ErrUnsupported}

func wrapsSentinel(err error) bool {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// TestEveryErrorWrapsASentinel drives every exported function that returns
// an error into each of its failure paths and checks the error.
func TestEveryErrorWrapsASentinel(t *testing.T) {
	// A call must fail, unless it may pass: a decoding of an input that
	// can hold a value of the target, which checks its own success (the
	// decoded value re-encodes to the bytes consumed, or the stream call
	// agrees with the call on bytes) and returns an error that wraps no
	// sentinel when the success is not one.
	type call struct {
		name    string
		run     func() error
		mayPass bool
	}
	var calls []call
	add := func(name string, run func() error) { calls = append(calls, call{name, run, false}) }
	addMayPass := func(name string, run func() error) { calls = append(calls, call{name, run, true}) }

	// Encoding: unsupported Go types, bad tags, invalid values, unknown
	// types, cycles.
	type badTag struct {
		A int32 `ua:"bit=40"`
	}
	type noWire struct{ A int }
	type hasMap struct{ M map[string]int }
	type notFit struct {
		A int `ua:"Int8"`
	}
	node := &sNode{}
	node.Next = node
	encodeInputs := map[string]any{
		"nil":                nil,
		"map":                map[string]int{},
		"chan":               make(chan int),
		"bad tag":            badTag{},
		"int without wire":   noWire{},
		"nested map":         &hasMap{},
		"does not fit":       notFit{A: 300},
		"cycle":              node,
		"stored mask":        sStored{M: 0x80},
		"union switch":       sUnion{Switch: 9},
		"variant storage":    vRaw(types.TypeGUID, false, "x", nil),
		"unregistered value": types.ExtensionObject{Value: struct{}{}},
		"encoding byte":      types.ExtensionObject{Encoding: 7},
		"dimensions":         vRaw(types.TypeInt32, true, []int32{1, 2}, []int32{3, 3}),
		"diagnostic mask":    types.DiagnosticInfo{Mask: 0x80},
		"empty Dynamic":      &uabin.Dynamic{},
	}
	for name, v := range encodeInputs {
		for _, o := range []uabin.Options{{}, {DisableFastPaths: true}, {Limits: uabin.Limits{MaxDepth: 5}}} {
			add("Marshal/"+name, func() error { _, err := o.Marshal(v); return err })
			add("Append/"+name, func() error { _, err := o.Append(nil, v); return err })
			add("Size/"+name, func() error { _, err := o.Size(v); return err })
			add("AppendMessage/"+name, func() error { _, err := o.AppendMessage(nil, v); return err })
			add("MarshalMessage/"+name, func() error { _, err := o.MarshalMessage(v); return err })
			add("Encoder.Encode/"+name, func() error { e := uabin.NewEncoder(io.Discard); e.Options = o; return e.Encode(v) })
		}
	}
	add("MarshalMessage/namespace", func() error {
		r := uabin.NewRegistry()
		must(uabin.RegisterType[sPrims](r, types.ExpandedNodeID{NamespaceURI: "urn:x", NodeID: types.NewNumericNodeID(0, 1)}))
		_, err := uabin.Options{Types: r}.MarshalMessage(&sPrims{})
		return err
	})

	// Decoding: every prefix of valid encodings (truncation), hostile
	// bytes, bad targets, limits, left-over bytes.
	req, err := uabin.MarshalMessage(&types.ReadRequest{NodesToRead: []types.ReadValueID{{NodeID: types.NewStringNodeID(2, "x")}}})
	if err != nil {
		t.Fatal(err)
	}
	targets := []func() any{
		func() any { return new(types.ReadRequest) }, func() any { return new(types.Variant) },
		func() any { return new(types.DataValue) }, func() any { return new(sRich) }, func() any { return new(sOptionals) },
		func() any { return new(sUnion) }, func() any { return new(types.NodeID) },
	}
	inputs := [][]byte{
		req[4:], hx("ff"), hx("41 00 00 00 00"), hx("8b ff ff ff 7f"), hx("0b 01"), hx("c6 02 00 00 00"),
		hx("16 01 01 00 01 ff ff ff ff"), hx("ff ff ff ff ff ff ff ff"), hx("09 00 00 00 01 00 00 00"),
		append(bytes.Repeat(hx("98 01 00 00 00"), 300), 0),
	}
	for i := 0; i <= len(req); i++ {
		inputs = append(inputs, req[:i])
	}
	for _, in := range inputs {
		for _, o := range []uabin.Options{{}, {DisableFastPaths: true}, {Limits: uabin.Limits{MaxArrayLength: 1, MaxStringLength: 1, MaxDepth: 3, MaxMessageSize: 8}}} {
			for _, target := range targets {
				addMayPass("Unmarshal", func() error {
					v := target()
					if err := o.Unmarshal(in, v); err != nil {
						return err
					}
					return reencodes(o, v, in, false)
				})
				addMayPass("Decode", func() error {
					v := target()
					n, err := o.Decode(in, v)
					if err != nil {
						return err
					}
					return reencodes(o, v, in[:n], false)
				})
				addMayPass("Decoder.Decode", func() error {
					d := uabin.NewDecoder(bytes.NewReader(in))
					d.Options = o
					err := d.Decode(target())
					_, derr := o.Decode(in, target())
					switch {
					case err == io.EOF && len(in) == 0:
						return nil // the documented clean end (an end inside a value is an ErrTruncated DecodeError)
					case err == nil && derr != nil:
						return fmt.Errorf("the stream decoded a value from % x, Decode says %v", in, derr)
					}
					return err
				})
				addMayPass("Decoder.DecodeMessage", func() error {
					d := uabin.NewDecoder(bytes.NewReader(in))
					d.Options = o
					var v, w any
					err := d.DecodeMessage(&v)
					_, derr := o.DecodeMessage(in, &w)
					switch {
					case err == io.EOF && len(in) == 0:
						return nil
					case err == nil && derr != nil:
						return fmt.Errorf("the stream decoded a message from % x, DecodeMessage says %v", in, derr)
					}
					return err
				})
			}
			addMayPass("UnmarshalMessage", func() error {
				var v any
				if err := o.UnmarshalMessage(in, &v); err != nil {
					return err
				}
				return reencodes(o, v, in, true)
			})
			addMayPass("DecodeMessage", func() error {
				var v any
				n, err := o.DecodeMessage(in, &v)
				if err != nil {
					return err
				}
				return reencodes(o, v, in[:n], true)
			})
		}
	}
	for name, v := range map[string]any{"nil": nil, "non-pointer": sPrims{}, "nil pointer": (*sPrims)(nil), "map": new(map[int]int)} {
		add("Unmarshal/"+name, func() error { return uabin.Unmarshal(hx("00"), v) })
		add("Decode/"+name, func() error { _, err := uabin.Decode(hx("00"), v); return err })
	}
	add("UnmarshalMessage/unknown", func() error { var v any; return uabin.UnmarshalMessage(hx("01 07 d2 04"), &v) })
	add("UnmarshalMessage/left over", func() error { var v any; return uabin.UnmarshalMessage(append(append([]byte{}, req...), 0), &v) })
	add("UnmarshalMessage/other type", func() error { var v types.ReadResponse; return uabin.UnmarshalMessage(req, &v) })
	add("UnmarshalMessage/nil", func() error { return uabin.UnmarshalMessage(req, nil) })

	// Registration.
	add("RegisterType/pointer", func() error { return uabin.RegisterType[*sPrims](uabin.NewRegistry(), types.ExpandedNodeID{}) })
	add("RegisterType/server index", func() error {
		return uabin.RegisterType[sPrims](uabin.NewRegistry(), types.ExpandedNodeID{ServerIndex: 1})
	})
	add("RegisterType/unsupported", func() error { return uabin.RegisterType[hasMap](uabin.NewRegistry(), types.ExpandedNodeID{}) })
	add("RegisterType/duplicate id", func() error {
		return uabin.RegisterType[sPrims](uabin.NewRegistry(), types.ExpandedNodeID{NodeID: types.NewNumericNodeID(0, 631)})
	})
	add("RegisterType/duplicate type", func() error {
		r := uabin.NewRegistry()
		must(uabin.RegisterType[sPrims](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(5, 1)}))
		return uabin.RegisterType[sPrims](r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(5, 2)})
	})
	field := func(name string, dt uint32) types.StructureField {
		return types.StructureField{Name: name, DataType: types.NewNumericNodeID(0, dt), ValueRank: -1}
	}
	defs := map[string]types.StructureDefinition{
		"no fields name":  {Fields: []types.StructureField{{DataType: types.NewNumericNodeID(0, 6), ValueRank: -1}}},
		"value rank":      {Fields: []types.StructureField{{Name: "A", DataType: types.NewNumericNodeID(0, 6), ValueRank: 0}}},
		"structure type":  {StructureType: 9, Fields: []types.StructureField{field("A", 6)}},
		"duplicate field": {Fields: []types.StructureField{field("A", 6), field("A", 6)}},
		"optional":        {Fields: []types.StructureField{{Name: "A", DataType: types.NewNumericNodeID(0, 6), ValueRank: -1, IsOptional: true}}},
		"no data type":    {Fields: []types.StructureField{{Name: "A", ValueRank: -1}}},
		"unknown type":    {Fields: []types.StructureField{field("A", 99999)}},
		"ok":              {Fields: []types.StructureField{field("A", 6)}},
	}
	for name, def := range defs {
		add("RegisterStructure/"+name, func() error {
			r := uabin.NewRegistry()
			err := r.RegisterStructure(types.ExpandedNodeID{NodeID: types.NewNumericNodeID(3, 1)}, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(3, 2)}, "S", def)
			if err != nil {
				return err
			}
			if _, err := uabin.NewDynamic(r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(3, 2)}, nil); err != nil {
				return err
			}
			return r.RegisterStructure(types.ExpandedNodeID{NodeID: types.NewNumericNodeID(3, 1)}, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(3, 2)}, "S", def)
		})
	}
	add("RegisterStructure/no name", func() error {
		return uabin.NewRegistry().RegisterStructure(types.ExpandedNodeID{}, types.ExpandedNodeID{}, "", defs["ok"])
	})
	add("RegisterStructure/null id", func() error {
		return uabin.NewRegistry().RegisterStructure(types.ExpandedNodeID{}, types.ExpandedNodeID{}, "S", defs["ok"])
	})
	add("RegisterEnum/no name", func() error {
		return uabin.NewRegistry().RegisterEnum(types.ExpandedNodeID{}, "", types.EnumDefinition{})
	})
	add("RegisterEnum/null id", func() error {
		return uabin.NewRegistry().RegisterEnum(types.ExpandedNodeID{}, "E", types.EnumDefinition{})
	})
	add("RegisterEnum/range", func() error {
		return uabin.NewRegistry().RegisterEnum(types.ExpandedNodeID{NodeID: types.NewNumericNodeID(3, 9)}, "E", types.EnumDefinition{Fields: []types.EnumField{{Name: "A", Value: 1 << 40}}})
	})
	add("NewDynamic/unknown", func() error {
		_, err := uabin.NewDynamic(nil, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(7, 7)}, nil)
		return err
	})
	add("Dynamic.Set/Clear", func() error {
		r := uabin.NewRegistry()
		must(r.RegisterStructure(types.ExpandedNodeID{NodeID: types.NewNumericNodeID(3, 1)}, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(3, 2)}, "S", defs["ok"]))
		x, err := uabin.NewDynamic(r, types.ExpandedNodeID{NodeID: types.NewNumericNodeID(3, 2)}, nil)
		if err != nil {
			return err
		}
		for _, err := range []error{x.Set("B", int32(1)), x.Set("A", "x"), x.Set("A", nil), x.Clear("A"), x.Clear("B"), new(uabin.Dynamic).Set("A", 1)} {
			if err == nil || !wrapsSentinel(err) || strings.Count(err.Error(), "uabin: ") != 1 {
				return fmt.Errorf("Dynamic method error %q: %w", err, errors.ErrUnsupported)
			}
		}
		return uabin.ErrInvalid // every one wrapped a sentinel
	})

	// fastpath and bsd.
	add("fastpath.Register/nil", func() error { return fastpath.Register(fastpath.NewSet(), fastpath.Funcs[sPrims]{}) })
	add("fastpath.Register/builtin", func() error {
		return fastpath.Register(fastpath.NewSet(), fastpath.Funcs[types.NodeID]{
			Append: func(*wire.Writer, *types.NodeID) bool { return false }, Consume: func(*wire.Reader, *types.NodeID) bool { return false }})
	})
	add("fastpath.Register/duplicate", func() error {
		return fastpath.Register(fastpath.NewSet(), fastpath.Funcs[types.DataValue]{
			Append: func(*wire.Writer, *types.DataValue) bool { return false }, Consume: func(*wire.Reader, *types.DataValue) bool { return false }})
	})
	add("fastpath.Register/in use", func() error {
		set := fastpath.NewSet()
		if _, err := (uabin.Options{FastPaths: set}).Marshal(sPrims{}); err != nil {
			return err
		}
		return fastpath.Register(set, fastpath.Funcs[sPrims]{
			Append: func(*wire.Writer, *sPrims) bool { return false }, Consume: func(*wire.Reader, *sPrims) bool { return false }})
	})
	for _, doc := range []string{"", "<x", `<opc:TypeDictionary xmlns:opc="http://opcfoundation.org/BinarySchema/"><opc:StructuredType Name="S"><opc:Field Name="A" TypeName="opc:Nope"/></opc:StructuredType></opc:TypeDictionary>`} {
		add("bsd.Parse", func() error {
			d, err := bsd.Parse([]byte(doc), bsd.Options{})
			if err != nil {
				return err
			}
			return d.Register(uabin.NewRegistry(), nil)
		})
	}

	// wire: the Reader and the Writer record errors of the sentinel kinds.
	add("wire.Reader", func() error {
		r := wire.NewReader(hx("05 00 00 00 41"), uabin.Limits{})
		r.Str()
		return r.Err()
	})
	add("wire.Writer", func() error {
		// one level deeper than MaxDepth allows (a length above Int32,
		// the other failure of the Writer, cannot be passed to Len where
		// int has 32 bits)
		w := wire.Writer{MaxDepth: 3}
		for range 4 {
			w.Enter()
		}
		return w.Err()
	})

	checked := 0
	for _, c := range calls {
		err := c.run()
		if err == nil {
			if !c.mayPass {
				t.Errorf("%s: no error: the call lost the failure it is here for", c.name)
			}
			continue
		}
		checked++
		if !wrapsSentinel(err) {
			t.Errorf("%s: %v (%T) wraps none of the sentinels", c.name, err, err)
		}
		prefix := "uabin: " // the package whose API returned the error
		if strings.HasPrefix(c.name, "bsd.") {
			prefix = "bsd: "
		}
		if !strings.HasPrefix(err.Error(), prefix) {
			t.Errorf("%s: %q does not start with %q", c.name, err, prefix)
		}
		if strings.Count(err.Error(), "uabin: ") > 1 || strings.Count(err.Error(), prefix) > 1 {
			t.Errorf("%s: %q repeats a package prefix", c.name, err)
		}
	}
	if checked < len(calls)/2 {
		t.Errorf("only %d of %d calls failed: the table lost its failures", checked, len(calls))
	}
}

// reencodes checks a successful decoding: v (a pointer to the value, or
// for a message the value) encodes with o to want, the bytes the decoder
// consumed. It returns an error that wraps no sentinel when it does not.
func reencodes(o uabin.Options, v any, want []byte, msg bool) error {
	var got []byte
	var err error
	if msg {
		got, err = o.MarshalMessage(v)
	} else {
		got, err = o.Marshal(v)
	}
	if err != nil || !bytes.Equal(got, want) {
		return fmt.Errorf("decoded % x into %T, which encodes as % x (%v)", want, v, got, err)
	}
	return nil
}

// The structures of the table.
type (
	sNode struct {
		Next *sNode
		V    int32
	}
	sStored struct {
		M uint8 `ua:"mask"`
		A int32 `ua:"bit=0"`
	}
	sUnion struct {
		Switch uint32 `ua:"switch"`
		A      int32
		B      string
	}
	sOptionals struct {
		A int32
		B *string `ua:"optional"`
		C []int32 `ua:"optional"`
	}
	sRich struct {
		Name   string
		Node   types.NodeID
		Values []float64
		V      types.Variant
		L      []types.LocalizedText
		Tags   []string
	}
	sPrims struct {
		A int32
		B string
	}
)

func hx(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

func vRaw(t types.BuiltinType, array bool, val any, dims []int32) types.Variant {
	var v types.Variant
	v.SetRaw(t, array, val, dims)
	return v
}
