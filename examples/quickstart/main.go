// Command quickstart is the main job of uabin in one run: it builds a
// ReadRequest and a ReadResponse (the W4 and W5 benchmark workloads, with 3
// nodes and 5 results), encodes each as an OPC UA service message with
// uabin.MarshalMessage, decodes the bytes back with uabin.UnmarshalMessage,
// and prints every field of the decoded message next to the bytes it came
// from, in OPC UA notation. It ends by checking that decode(encode(x)) equals
// x and that encode(decode(b)) equals b.
//
//	go run ./examples/quickstart
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// t0 is the reference instant of the workloads, 2024-01-02T03:04:05.1234567Z.
var t0 = time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)

// readRequest builds the W4 ReadRequest with n nodes.
func readRequest(n int) *types.ReadRequest {
	token := make([]byte, 16)
	for i := range token {
		token[i] = byte(i)
	}
	req := &types.ReadRequest{
		RequestHeader: types.RequestHeader{
			AuthenticationToken: types.NewOpaqueNodeID(0, token),
			Timestamp:           types.DateTimeFromTime(t0),
			RequestHandle:       42,
			TimeoutHint:         10000,
		},
		MaxAge:             0,
		TimestampsToReturn: types.TimestampsToReturnBoth,
	}
	for i := 0; i < n; i++ {
		req.NodesToRead = append(req.NodesToRead, types.ReadValueID{
			NodeID:      types.NewStringNodeID(2, fmt.Sprintf("Demo.Static.Scalar.Double.%d", i)),
			AttributeID: uint32(types.AttributeIDValue),
		})
	}
	return req
}

// readResponse builds the W5 ReadResponse with n results.
func readResponse(n int) *types.ReadResponse {
	resp := &types.ReadResponse{
		ResponseHeader: types.ResponseHeader{
			Timestamp:     types.DateTimeFromTime(t0),
			RequestHandle: 42,
			ServiceResult: types.StatusGood,
		},
	}
	for i := 0; i < n; i++ {
		var v types.Variant
		switch i % 5 {
		case 0:
			v = types.VariantFromFloat64(float64(i) * 1.5)
		case 1:
			v = types.VariantFromInt32(int32(i))
		case 2:
			v = types.VariantFromBool(i%2 == 0)
		case 3:
			v = types.VariantFromString(fmt.Sprintf("value-%d", i))
		case 4:
			v = types.VariantFromTime(t0.Add(time.Duration(i) * time.Second))
		}
		ts := types.DateTimeFromTime(t0.Add(time.Duration(i) * time.Millisecond))
		resp.Results = append(resp.Results, types.DataValue{Value: v, SourceTimestamp: ts, ServerTimestamp: ts})
	}
	return resp
}

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	fmt.Fprintln(w, "uabin quickstart: two OPC UA service messages, encoded and decoded")
	if err := show(w, "ReadRequest (workload W4, 3 nodes)", readRequest(3)); err != nil {
		return err
	}
	if err := show(w, "ReadResponse (workload W5, 5 results)", readResponse(5)); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nok: both messages decoded to the values that were encoded, and re-encoded to the same bytes")
	return nil
}

// show encodes msg as a service message, decodes it back, prints the
// decoded fields with their bytes and checks both round trips.
func show(w io.Writer, title string, msg any) error {
	fmt.Fprintf(w, "\n== %s\n", title)
	b, err := uabin.MarshalMessage(msg)
	if err != nil {
		return err
	}
	var decoded any
	if err := uabin.UnmarshalMessage(b, &decoded); err != nil {
		return err
	}

	id, _ := uabin.DefaultRegistry.EncodingID(reflect.TypeOf(msg).Elem())
	fmt.Fprintf(w, "uabin.MarshalMessage: %d bytes = type id %v (%d bytes) + %s body (%d bytes)\n",
		len(b), id, len(b)-mustSize(msg), reflect.TypeOf(msg).Elem().Name(), mustSize(msg))
	fmt.Fprintf(w, "uabin.UnmarshalMessage: %T\n", decoded)
	fmt.Fprintln(w, "offset  bytes                                            field = decoded value")

	// Lay the decoded message out field by field: each leaf is encoded on
	// its own with uabin.Marshal and must be the next bytes of b.
	a := &annotator{w: w, msg: b}
	a.piece("TypeId", fmt.Sprintf("%v (%s_Encoding_DefaultBinary) → %T", id, reflect.TypeOf(msg).Elem().Name(), decoded), b[:len(b)-mustSize(msg)])
	a.walk(reflect.TypeOf(decoded).Elem().Name(), reflect.ValueOf(decoded).Elem())
	if a.err != nil {
		return a.err
	}
	if a.off != len(b) {
		return fmt.Errorf("the fields cover %d of the %d bytes", a.off, len(b))
	}

	again, err := uabin.MarshalMessage(decoded)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "decode(encode(x)) equals x: %v\n", reflect.DeepEqual(decoded, msg))
	fmt.Fprintf(w, "encode(decode(b)) equals b: %v\n", bytes.Equal(again, b))
	if !reflect.DeepEqual(decoded, msg) || !bytes.Equal(again, b) {
		return fmt.Errorf("%s did not survive the round trip", title)
	}
	return nil
}

func mustSize(v any) int {
	n, err := uabin.Size(v)
	if err != nil {
		panic(err)
	}
	return n
}

// An annotator prints a message as consecutive pieces: offset, hex, field
// path and value.
type annotator struct {
	w   io.Writer
	msg []byte // the whole message
	off int    // bytes printed so far
	err error
}

// leaves are the Go types printed as one value, not field by field.
var leaves = map[reflect.Type]bool{
	reflect.TypeFor[types.NodeID]():          true,
	reflect.TypeFor[types.ExpandedNodeID]():  true,
	reflect.TypeFor[types.QualifiedName]():   true,
	reflect.TypeFor[types.LocalizedText]():   true,
	reflect.TypeFor[types.GUID]():            true,
	reflect.TypeFor[types.Variant]():         true,
	reflect.TypeFor[types.DataValue]():       true,
	reflect.TypeFor[types.DiagnosticInfo]():  true,
	reflect.TypeFor[types.ExtensionObject](): true,
}

// walk prints v, found at path: structures field by field, arrays as their
// length then their elements, everything else as one piece.
func (a *annotator) walk(path string, v reflect.Value) {
	switch {
	case a.err != nil:
		return
	case v.Kind() == reflect.Struct && !leaves[v.Type()]:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Type().Field(i); f.IsExported() {
				a.walk(path+"."+f.Name, v.Field(i))
			}
		}
	case v.Type() == reflect.TypeFor[types.DataValue]():
		a.dataValue(path, v.Interface().(types.DataValue))
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() != reflect.Uint8:
		length := "null array (length -1)"
		if !v.IsNil() {
			length = fmt.Sprintf("array of %d", v.Len())
		}
		a.piece(path, length, a.encode(int32(-1+boolInt(!v.IsNil())*(v.Len()+1))))
		for i := 0; i < v.Len(); i++ {
			a.walk(fmt.Sprintf("%s[%d]", path, i), v.Index(i))
		}
	default:
		a.piece(path, text(path, v.Interface()), a.encode(v.Interface()))
	}
}

// dataValue prints a DataValue as its encoding mask and the fields the mask
// announces, in wire order.
func (a *annotator) dataValue(path string, d types.DataValue) {
	if a.err != nil || a.off >= len(a.msg) {
		a.err = fmt.Errorf("%s: no bytes left", path)
		return
	}
	mask := a.msg[a.off]
	var names []string
	for bit, name := range []string{"Value", "Status", "SourceTimestamp", "ServerTimestamp", "SourcePicoseconds", "ServerPicoseconds"} {
		if mask&(1<<bit) != 0 {
			names = append(names, name)
		}
	}
	status := ""
	if mask&0x02 == 0 {
		status = " (Status Good is not written)"
	}
	a.piece(path, fmt.Sprintf("DataValue, mask 0x%02x: %s%s", mask, strings.Join(names, ", "), status), []byte{mask})
	if mask&0x01 != 0 {
		a.piece(path+".Value", text(path, d.Value), a.encode(d.Value))
	}
	if mask&0x02 != 0 {
		a.piece(path+".Status", d.Status.String(), a.encode(d.Status))
	}
	if mask&0x04 != 0 {
		a.piece(path+".SourceTimestamp", d.SourceTimestamp.String(), a.encode(d.SourceTimestamp))
	}
	if mask&0x10 != 0 {
		a.piece(path+".SourcePicoseconds", fmt.Sprint(d.SourcePicoseconds), a.encode(d.SourcePicoseconds))
	}
	if mask&0x08 != 0 {
		a.piece(path+".ServerTimestamp", d.ServerTimestamp.String(), a.encode(d.ServerTimestamp))
	}
	if mask&0x20 != 0 {
		a.piece(path+".ServerPicoseconds", fmt.Sprint(d.ServerPicoseconds), a.encode(d.ServerPicoseconds))
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (a *annotator) encode(v any) []byte {
	b, err := uabin.Marshal(v)
	if err != nil && a.err == nil {
		a.err = err
	}
	return b
}

// piece prints the next len(b) bytes of the message, after checking that
// they are b.
func (a *annotator) piece(path, value string, b []byte) {
	if a.err != nil {
		return
	}
	if !bytes.HasPrefix(a.msg[a.off:], b) {
		a.err = fmt.Errorf("%s: % x is not at offset %d", path, b, a.off)
		return
	}
	path = path[strings.IndexByte(path, '.')+1:]
	for i := 0; i == 0 || i < len(b); i += 16 {
		row := b[i:min(i+16, len(b))]
		if i == 0 {
			fmt.Fprintf(a.w, "%04x    %-48s %s = %s\n", a.off, fmt.Sprintf("% x", row), path, value)
		} else {
			fmt.Fprintf(a.w, "        %s\n", fmt.Sprintf("% x", row))
		}
	}
	a.off += len(b)
}

// text formats a leaf value in OPC UA notation.
func text(path string, v any) string {
	switch x := v.(type) {
	case string:
		if x == "" {
			return "null"
		}
		return fmt.Sprintf("%q", x)
	case uint32:
		if strings.HasSuffix(path, ".AttributeID") {
			return fmt.Sprintf("%d (%v)", x, types.AttributeID(x))
		}
	case types.StatusCode:
		return x.String()
	case types.Variant:
		if x.IsNull() {
			return "Variant null"
		}
		return "Variant " + x.String()
	case types.ExtensionObject:
		if x.IsNull() {
			return "null"
		}
	case types.DiagnosticInfo:
		if x.IsEmpty() {
			return "empty"
		}
	case types.QualifiedName:
		if x == (types.QualifiedName{}) {
			return "null (0:\"\")"
		}
	}
	return fmt.Sprint(v)
}
