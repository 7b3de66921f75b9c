// Command customstruct encodes a user-defined structure with ua: struct tags
// (docs/tags.md): optional fields (OPC UA Part 6 §5.2.7), a union (§5.2.8),
// wire-type overrides, arrays and a time.Time. It prints the bytes field by
// field, decodes them back, and shows the typed errors a decoder gives for
// bytes that break the rules of the structure.
//
//	go run ./examples/customstruct
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"time"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// Setpoint is a union (§5.2.8): the UInt32 SwitchField comes first and
// selects one of the fields after it (1 = Absolute, 2 = Percent, 3 = Named);
// 0 means no value and only the SwitchField is written.
type Setpoint struct {
	Switch   uint32  `ua:"switch"`
	Absolute float64 // 1: a speed in rpm
	Percent  float32 // 2: a share of the maximum speed
	Named    string  // 3: a preset known to the device
}

// PumpStatus is a structure with optional fields (§5.2.7). Because some
// fields are optional, a UInt32 EncodingMask is written before the first
// field; the i-th optional field owns bit i and is written only when it is
// not zero.
type PumpStatus struct {
	Name        string       // String
	Node        types.NodeID // NodeId, in its most compact form
	Speed       float64      // Double
	Running     bool         // Boolean
	Temperature *float32     `ua:"optional"` // bit 0: Float, written if non-nil
	Alarm       string       `ua:"optional"` // bit 1: String, written if not ""
	Setpoint    Setpoint     // a union, inline
	History     []int32      `ua:"optional"` // bit 2: array of Int32, written if non-nil
	Updated     time.Time    // DateTime (100 ns ticks since 1601)
	Starts      int          `ua:"UInt16"` // a Go int needs its wire type named
}

// A piece is a run of bytes with what it means.
type piece struct {
	field, meaning string
	b              []byte
}

// explain lays out the encoding of p field by field. Each field's bytes are
// encoded on their own with uabin.Marshal; the mask and the switch are
// worked out here from the rules, so that the layout can be checked against
// the encoding of the whole structure.
func explain(p PumpStatus) ([]piece, error) {
	var pieces []piece
	var err error
	add := func(field, meaning string, v any) {
		b, e := uabin.Marshal(v)
		if e != nil && err == nil {
			err = e
		}
		pieces = append(pieces, piece{field, meaning, b})
	}

	var mask uint32
	var present []string
	if p.Temperature != nil {
		mask |= 1 << 0
		present = append(present, "Temperature (bit 0)")
	}
	if p.Alarm != "" {
		mask |= 1 << 1
		present = append(present, "Alarm (bit 1)")
	}
	if p.History != nil {
		mask |= 1 << 2
		present = append(present, "History (bit 2)")
	}
	if len(present) == 0 {
		present = []string{"no optional field"}
	}
	add("EncodingMask", fmt.Sprintf("UInt32 0x%08x: %s", mask, strings.Join(present, ", ")), mask)
	add("Name", fmt.Sprintf("String %q: Int32 length, then UTF-8", p.Name), p.Name)
	add("Node", fmt.Sprintf("NodeId %v", p.Node), p.Node)
	add("Speed", fmt.Sprintf("Double %v", p.Speed), p.Speed)
	add("Running", fmt.Sprintf("Boolean %v", p.Running), p.Running)
	if p.Temperature != nil {
		add("Temperature", fmt.Sprintf("Float %v", *p.Temperature), *p.Temperature)
	}
	if p.Alarm != "" {
		add("Alarm", fmt.Sprintf("String %q", p.Alarm), p.Alarm)
	}
	alternatives := []string{"none", "Absolute", "Percent", "Named"}
	add("Setpoint.Switch", fmt.Sprintf("UInt32 %d: %s", p.Setpoint.Switch, alternatives[min(int(p.Setpoint.Switch), 3)]), p.Setpoint.Switch)
	switch p.Setpoint.Switch {
	case 1:
		add("Setpoint.Absolute", fmt.Sprintf("Double %v", p.Setpoint.Absolute), p.Setpoint.Absolute)
	case 2:
		add("Setpoint.Percent", fmt.Sprintf("Float %v", p.Setpoint.Percent), p.Setpoint.Percent)
	case 3:
		add("Setpoint.Named", fmt.Sprintf("String %q", p.Setpoint.Named), p.Setpoint.Named)
	}
	if p.History != nil {
		add("History", fmt.Sprintf("Int32 array %v: Int32 length, then the elements", p.History), p.History)
	}
	add("Updated", fmt.Sprintf("DateTime %v", types.DateTimeFromTime(p.Updated)), p.Updated)
	add("Starts", fmt.Sprintf("UInt16 %d (the tag names the wire type)", p.Starts), uint16(p.Starts))
	return pieces, err
}

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "customstruct:", err)
		os.Exit(1)
	}
}

func run(w io.Writer) error {
	updated := time.Date(2024, 1, 2, 3, 4, 5, 123456700, time.UTC)
	temperature := float32(61.5)
	full := PumpStatus{
		Name:        "P-101",
		Node:        types.NewNumericNodeID(2, 1234),
		Speed:       1450.5,
		Running:     true,
		Temperature: &temperature,
		Setpoint:    Setpoint{Switch: 2, Percent: 80},
		History:     []int32{3, 5, 8},
		Updated:     updated,
		Starts:      17,
	}
	bare := PumpStatus{
		Name:  "P-102",
		Node:  types.NewNumericNodeID(0, 85),
		Alarm: "dry run",
	}
	for _, c := range []struct {
		title string
		value PumpStatus
	}{
		{"PumpStatus with Temperature and History set, Setpoint = Percent", full},
		{"PumpStatus with only Alarm set, no Setpoint", bare},
	} {
		if err := show(w, c.title, c.value); err != nil {
			return err
		}
	}
	return showErrors(w, full)
}

// show encodes p, prints the layout, decodes the bytes and compares.
func show(w io.Writer, title string, p PumpStatus) error {
	b, err := uabin.Marshal(&p)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "== %s: uabin.Marshal gives %d bytes\n", title, len(b))
	pieces, err := explain(p)
	if err != nil {
		return err
	}
	var joined []byte
	for _, pc := range pieces {
		fmt.Fprintf(w, "  %-47s %-17s %s\n", fmt.Sprintf("% x", pc.b), pc.field, pc.meaning)
		joined = append(joined, pc.b...)
	}
	if !bytes.Equal(joined, b) {
		return fmt.Errorf("the field-by-field layout\n% x\ndiffers from uabin.Marshal\n% x", joined, b)
	}
	fmt.Fprintln(w, "  (the pieces above, end to end, are exactly the bytes uabin.Marshal returned)")

	var got PumpStatus
	if err := uabin.Unmarshal(b, &got); err != nil {
		return err
	}
	fmt.Fprintf(w, "  uabin.Unmarshal: %s\n", describe(got))
	fmt.Fprintf(w, "  decoded value equals the original: %v\n\n", reflect.DeepEqual(got, p))
	if !reflect.DeepEqual(got, p) {
		return fmt.Errorf("decoded %+v, want %+v", got, p)
	}
	return nil
}

// describe prints the fields of p, with the absent optional ones named.
func describe(p PumpStatus) string {
	temp := "absent (nil)"
	if p.Temperature != nil {
		temp = fmt.Sprint(*p.Temperature)
	}
	alarm := "absent (\"\")"
	if p.Alarm != "" {
		alarm = fmt.Sprintf("%q", p.Alarm)
	}
	history := "absent (nil)"
	if p.History != nil {
		history = fmt.Sprint(p.History)
	}
	return fmt.Sprintf("Name=%q Node=%v Speed=%v Running=%v Temperature=%s Alarm=%s Setpoint=%+v History=%s Updated=%s Starts=%d",
		p.Name, p.Node, p.Speed, p.Running, temp, alarm, p.Setpoint, history, p.Updated.Format(time.RFC3339Nano), p.Starts)
}

// showErrors breaks the encoding of p in three ways and prints the errors.
func showErrors(w io.Writer, p PumpStatus) error {
	good, err := uabin.Marshal(p)
	if err != nil {
		return err
	}
	setBit5 := bytes.Clone(good)
	setBit5[0] |= 1 << 5 // a mask bit no optional field owns
	pieces, err := explain(p)
	if err != nil {
		return err
	}
	switchAt := 0
	for _, pc := range pieces {
		if pc.field == "Setpoint.Switch" {
			break
		}
		switchAt += len(pc.b)
	}
	badSwitch := bytes.Clone(good)
	badSwitch[switchAt] = 4 // the union has 3 alternatives
	truncated := good[:len(good)-1]

	fmt.Fprintln(w, "== Bytes that break the rules: every error is a *uabin.DecodeError with the offset and field path")
	for _, c := range []struct {
		what     string
		b        []byte
		sentinel error
	}{
		{"mask bit 5 set", setBit5, uabin.ErrInvalid},
		{"union switch 4", badSwitch, uabin.ErrInvalid},
		{"last byte missing", truncated, uabin.ErrTruncated},
	} {
		var got PumpStatus
		err := uabin.Unmarshal(c.b, &got)
		var de *uabin.DecodeError
		if !errors.As(err, &de) || !errors.Is(err, c.sentinel) {
			return fmt.Errorf("%s: got %v, want a *uabin.DecodeError wrapping %v", c.what, err, c.sentinel)
		}
		fmt.Fprintf(w, "  %-18s -> %v\n", c.what, err)
		fmt.Fprintf(w, "  %-18s    Offset=%d Path=%q errors.Is(err, %s)=true\n", "", de.Offset, de.Path, sentinelName(c.sentinel))
	}
	return nil
}

func sentinelName(err error) string {
	switch err {
	case uabin.ErrInvalid:
		return "uabin.ErrInvalid"
	case uabin.ErrTruncated:
		return "uabin.ErrTruncated"
	}
	return err.Error()
}
