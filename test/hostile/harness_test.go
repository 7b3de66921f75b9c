package hostile_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"strings"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/test/hostile/cases"
	"github.com/uabin/uabin/uabin"
)

// The heap bound of the promise in docs/limits.md: decoding n bytes of
// input allocates at most heapPerByte*n + heapConst bytes (TotalAlloc,
// measured on a warm call: plans built, pools filled). The densest inputs
// found are an array of empty DataValues (1 wire byte, 120 bytes of Go)
// and a Variant array of Variants that each hold an empty DataValue scalar
// (17 00: a 72-byte Variant and a boxed DataValue, 100 bytes per input
// byte, with the fast paths too since finding 3 was fixed).
// TestHeapPerInputByte measures the ratio for an array of every target.
const (
	heapPerByte = 128
	heapConst   = 64 << 10
)

// chunkHeapPerByte bounds what the chunk Receiver allocates per byte of
// stream: the message body grows by doubling, so at most twice the input,
// plus the chunk buffer and the token state (heapConst).
const chunkHeapPerByte = 4

var sentinels = map[string]error{
	"ErrTruncated":     uabin.ErrTruncated,
	"ErrLimitExceeded": uabin.ErrLimitExceeded,
	"ErrInvalid":       uabin.ErrInvalid,
	"ErrUnknownType":   uabin.ErrUnknownType,
	"ErrUnsupported":   uabin.ErrUnsupported,
}

var chunkSentinels = map[string]error{
	"ErrTruncated":       chunk.ErrTruncated,
	"ErrMalformed":       chunk.ErrMalformed,
	"ErrMessageType":     chunk.ErrMessageType,
	"ErrChunkTooLarge":   chunk.ErrChunkTooLarge,
	"ErrMessageTooLarge": chunk.ErrMessageTooLarge,
	"ErrTooManyChunks":   chunk.ErrTooManyChunks,
	"ErrChannelID":       chunk.ErrChannelID,
	"ErrTokenID":         chunk.ErrTokenID,
	"ErrSequenceNumber":  chunk.ErrSequenceNumber,
	"ErrRequestID":       chunk.ErrRequestID,
	"ErrSecurityChecks":  chunk.ErrSecurityChecks,
	"ErrAborted":         chunk.ErrAborted,
	"ErrNonce":           chunk.ErrNonce,
}

// kindOf names the one sentinel err wraps ("" if none, "several" if more
// than one).
func kindOf(err error, table map[string]error) string {
	found := ""
	for name, s := range table {
		if errors.Is(err, s) {
			if found != "" {
				return "several"
			}
			found = name
		}
	}
	return found
}

// options returns the uabin options of a decoding case.
func options(l map[string]int, noFastPaths bool) uabin.Options {
	return uabin.Options{
		DisableFastPaths: noFastPaths,
		Limits: uabin.Limits{
			MaxDepth:            l["depth"],
			MaxArrayLength:      l["array"],
			MaxStringLength:     l["string"],
			MaxByteStringLength: l["bytestring"],
			MaxMessageSize:      l["message"],
		},
	}
}

// decode decodes in as target with o (uabin.Options.Unmarshal into a new
// value, or UnmarshalMessage) and returns the value (a pointer) and the
// error. A panic is returned as an error that wraps errPanic.
func decode(o uabin.Options, target cases.Target, in []byte) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			buf := make([]byte, 8<<10)
			buf = buf[:runtime.Stack(buf, false)]
			v, err = nil, fmt.Errorf("%w: %v\n%s", errPanic, r, buf)
		}
	}()
	if target.Type == nil {
		err = o.UnmarshalMessage(in, &v)
		return v, err
	}
	p := reflect.New(target.Type).Interface()
	return p, o.Unmarshal(in, p)
}

var errPanic = errors.New("panic")

// encode encodes v (a pointer from decode) as target.
func encode(o uabin.Options, target cases.Target, v any) ([]byte, error) {
	if target.Type == nil {
		return o.MarshalMessage(v)
	}
	return o.Marshal(v)
}

// safeEncode is encode with a panic returned as an error wrapping
// errPanic.
func safeEncode(o uabin.Options, target cases.Target, v any) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, fmt.Errorf("%w: %v", errPanic, r)
		}
	}()
	return encode(o, target, v)
}

// heap returns the bytes f allocates (TotalAlloc delta). The caller warms
// f up first.
func heap(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// receive feeds stream to a Receiver in mode with limits and reads
// messages until an error or io.EOF. It returns the messages (bodies
// copied), the final error (io.EOF for a clean end) and a panic as an
// error wrapping errPanic.
func receive(mode string, limits chunk.Limits, stream []byte) (msgs []chunk.Message, err error) {
	defer func() {
		if r := recover(); r != nil {
			buf := make([]byte, 8<<10)
			buf = buf[:runtime.Stack(buf, false)]
			err = fmt.Errorf("%w: %v\n%s", errPanic, r, buf)
		}
	}()
	r, err := chunk.NewReceiver(cases.ChannelID, limits)
	if err != nil {
		return nil, err
	}
	p, m := cases.ChunkSecurity(mode)
	if err := r.SetToken(cases.TokenID, p, m, cases.ChunkModeKeys(mode)); err != nil {
		return nil, err
	}
	if p.IsAEAD() {
		r.SetLastSequenceNumber(cases.GCMFirstSeq - 1) // the nonce of the first chunk needs it
	}
	rd := bytes.NewReader(stream)
	// Every call consumes at least one header, so the loop is bounded by
	// the stream; the bound below only guards against a Receiver that
	// returns without reading.
	for i := 0; i <= len(stream)/8+1; i++ {
		msg, err := r.ReadMessage(rd)
		if err != nil {
			return msgs, err
		}
		msg.Body = append([]byte(nil), msg.Body...)
		msgs = append(msgs, msg)
	}
	return msgs, errors.New("the Receiver returned more messages than the stream can hold")
}

// checkChunkError checks that err is a chunk error of the documented
// shape: the "chunk: " prefix and a Bad status code, or an *AbortError, or
// a UA TCP *ErrorMessage.
func checkChunkError(err error) error {
	var ab *chunk.AbortError
	var em *chunk.ErrorMessage
	switch {
	case err == io.EOF, errors.As(err, &ab), errors.As(err, &em):
		return nil
	case errors.Is(err, errPanic):
		return err
	case !strings.HasPrefix(err.Error(), "chunk: "):
		return fmt.Errorf("error without the chunk: prefix: %v", err)
	case chunk.StatusCode(err)&0x80000000 == 0:
		return fmt.Errorf("error with status 0x%08X, not Bad: %v", chunk.StatusCode(err), err)
	case kindOf(err, chunkSentinels) == "" || kindOf(err, chunkSentinels) == "several":
		return fmt.Errorf("error wraps %q sentinels: %v", kindOf(err, chunkSentinels), err)
	}
	return nil
}

// checkDecodeError checks that err is a decoding error of the documented
// shape: a *uabin.DecodeError with the "uabin: " prefix wrapping exactly
// one sentinel, at an offset within the input.
func checkDecodeError(err error, inputLen int) error {
	if errors.Is(err, errPanic) {
		return err
	}
	var de *uabin.DecodeError
	if !errors.As(err, &de) {
		return fmt.Errorf("error %T is not a *uabin.DecodeError: %v", err, err)
	}
	if !strings.HasPrefix(err.Error(), "uabin: ") {
		return fmt.Errorf("error without the uabin: prefix: %v", err)
	}
	if de.Offset < 0 || de.Offset > inputLen {
		return fmt.Errorf("error offset %d outside the %d-byte input: %v", de.Offset, inputLen, err)
	}
	if k := kindOf(err, sentinels); k == "" || k == "several" {
		return fmt.Errorf("error wraps %q sentinels: %v", k, err)
	}
	return nil
}

// deepEqual reports whether a and b hold equal values, comparing every
// field (exported or not), NaNs equal to NaNs, nil slices different from
// empty ones, and using a type's own Equal method where it has one (as
// go-cmp does: types.Variant keeps a Double as raw bits, and its Equal
// treats every NaN payload as equal). Unlike go-cmp, whose report
// machinery compares nested one-element slices repeatedly, its cost is
// linear in the size of the values, so 200 levels of nesting stay cheap.
func deepEqual(a, b reflect.Value) bool {
	if a.Kind() != b.Kind() || a.Type() != b.Type() {
		return false
	}
	if m, ok := a.Type().MethodByName("Equal"); ok && a.CanInterface() && b.CanInterface() &&
		m.Type.NumIn() == 2 && m.Type.In(1) == a.Type() && m.Type.NumOut() == 1 && m.Type.Out(0).Kind() == reflect.Bool {
		return m.Func.Call([]reflect.Value{a, b})[0].Bool()
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return x == y || x != x && y != y
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return deepEqual(a.Elem(), b.Elem())
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return false
		}
		fallthrough
	case reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !deepEqual(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !deepEqual(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	}
	panic("deepEqual: unexpected kind " + a.Kind().String())
}
