package main

// The generated codecs: for every structure of the package, a
// straight-line OPC UA Binary encoder and decoder (AppendX, ConsumeX over
// wire.Writer and wire.Reader) and their registration as fast paths
// through the public API of uabin/fastpath. They are written from the same
// facts as the structs' ua: tags (fieldDef: wire type, array, optional,
// pointer, union), so they follow the rules the engine's plans follow for
// those tags (docs/codegen.md, Generated codecs), and the tests hold them
// to the plans (uabin.VerifyFastPaths over samples of every structure, the
// differential fuzz target, test/hostile both ways).
//
// They never decline: when the input is bad (or a value cannot be
// encoded), they record an error with the Reader or Writer, and the engine
// then runs the whole call again without fast paths, so that every error a
// user sees is the plan's. The generated code therefore only has to fail
// wherever the plan fails, and succeed with the plan's bytes and values
// wherever it succeeds; it never builds error paths.

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/uabin/uabin/uabin/nodeset"
)

// codecsPackage is the package of the codecs of namespace 0: types/bincodec,
// written by the types mode next to package types (it cannot live in types,
// which the wire package imports).
const (
	codecsPackage = "bincodec"
	codecsImport  = "github.com/uabin/uabin/types/" + codecsPackage
)

// primWire describes a wire type written by one method of wire.Writer and
// read by the method of the same name of wire.Reader: the Go type those
// take and the size on the wire.
type primWire struct {
	method, goType string
	size           int
}

var primWires = map[string]primWire{
	"Boolean":    {"Bool", "bool", 1},
	"SByte":      {"Int8", "int8", 1},
	"Byte":       {"Uint8", "uint8", 1},
	"Int16":      {"Int16", "int16", 2},
	"UInt16":     {"Uint16", "uint16", 2},
	"Int32":      {"Int32", "int32", 4},
	"UInt32":     {"Uint32", "uint32", 4},
	"Int64":      {"Int64", "int64", 8},
	"UInt64":     {"Uint64", "uint64", 8},
	"Float":      {"Float32", "float32", 4},
	"Double":     {"Float64", "float64", 8},
	"DateTime":   {"Int64", "int64", 8},
	"StatusCode": {"Uint32", "uint32", 4},
}

// builtinWire are the built-in types with a codec of uabin/fastpath
// (fastpath.AppendNodeID, ...): the name in those functions and the fewest
// bytes a value takes on the wire, as the engine counts them (its minimum
// for array lengths).
var builtinWire = map[string]struct {
	name string
	min  int
}{
	"NodeId":          {"NodeID", 2},
	"ExpandedNodeId":  {"ExpandedNodeID", 2},
	"Variant":         {"Variant", 1},
	"ExtensionObject": {"ExtensionObject", 3},
	"Guid":            {"GUID", 16},
	"QualifiedName":   {"QualifiedName", 6},
	"LocalizedText":   {"LocalizedText", 1},
	"DataValue":       {"DataValue", 1},
	"DiagnosticInfo":  {"DiagnosticInfo", 1},
}

// codecGen writes the codecs of one package.
type codecGen struct {
	m     *pkgModel
	byDT  map[*nodeset.DataType]*structDef
	enter map[*structDef]bool // structures that count a nesting level
	min   map[*structDef]int  // fewest bytes on the wire, 0 while being computed
	b     strings.Builder
}

func newCodecGen(m *pkgModel) *codecGen {
	c := &codecGen{m: m, byDT: map[*nodeset.DataType]*structDef{}, min: map[*structDef]int{}}
	for _, s := range m.Structs {
		c.byDT[s.DT] = s
	}
	c.enter = onCycle(m.Structs, func(s *structDef) []*structDef {
		var out []*structDef
		for _, f := range s.Fields {
			if t := c.byDT[f.Struct]; t != nil {
				out = append(out, t)
			}
		}
		return out
	})
	return c
}

// onCycle returns the nodes on a cycle of the graph of next (a node that
// reaches itself): the structures that can contain themselves, which count
// a nesting level as the engine's plans do (internal/uamodel's markEnter).
func onCycle[N comparable](nodes []N, next func(N) []N) map[N]bool {
	out := map[N]bool{}
	for _, n := range nodes {
		seen := map[N]bool{}
		stack := slices.Clone(next(n))
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if x == n {
				out[n] = true
				break
			}
			if !seen[x] {
				seen[x] = true
				stack = append(stack, next(x)...)
			}
		}
	}
	return out
}

// qual returns the Go type t (as fieldDef writes it) as the codec file
// names it: in the types mode the codecs are in package bincodec, so the
// names of package types get "types.".
func (c *codecGen) qual(t string) string {
	if !c.m.Types || t == "" || strings.Contains(t, ".") || t[0] < 'A' || t[0] > 'Z' {
		return t
	}
	return "types." + t
}

// structFuncs returns the names of the encoder and decoder of a structure
// field's type: in this package, in bincodec for namespace 0, or in the
// imported package that has the type.
func (c *codecGen) structFuncs(f *fieldDef) (app, cons string) {
	pkg, name, ok := strings.Cut(f.Base, ".")
	if !ok {
		return "Append" + f.Base, "Consume" + f.Base
	}
	if pkg == "types" {
		pkg = codecsPackage
	}
	return pkg + ".Append" + name, pkg + ".Consume" + name
}

// minWire returns the fewest bytes a value of the field's type (one
// element for an array) takes on the wire: the minimum the engine passes
// to wire.Reader.ArrayLen for arrays of it. Structures that contain
// themselves count 0 for the field that leads back, at most the engine's
// figure, so that an array length the plan accepts is never refused.
func (c *codecGen) minWire(f *fieldDef) int {
	switch {
	case f.Wire == "String" || f.Wire == "XmlElement" || f.Wire == "ByteString":
		return 4
	case f.Wire == "switch":
		return 4
	case f.Wire != "":
		if p, ok := primWires[f.Wire]; ok {
			return p.size
		}
		return builtinWire[f.Wire].min
	}
	s := c.byDT[f.Struct]
	if s == nil {
		return 1 // another package's structure: at least 1, at most its minimum
	}
	return c.structMin(s)
}

// structMin is minWire of a structure of this package.
func (c *codecGen) structMin(s *structDef) int {
	if n, ok := c.min[s]; ok {
		return n
	}
	c.min[s] = 0
	n := 0
	switch {
	case s.Union:
		n = 4
	default:
		for i := range s.Fields {
			f := &s.Fields[i]
			switch {
			case f.Optional:
			case f.Array:
				n += 4
			default:
				n += c.minWire(f)
			}
		}
		if slices.ContainsFunc(s.Fields, func(f fieldDef) bool { return f.Optional }) {
			n += 4
		}
	}
	c.min[s] = n
	return n
}

func (c *codecGen) p(format string, args ...any) { fmt.Fprintf(&c.b, format+"\n", args...) }

// addr returns the address of the value expression x.
func addr(x string) string {
	if strings.HasPrefix(x, "*") {
		return x[1:]
	}
	return "&" + x
}

// encodeValue writes the encoding of one value x of the field's type (one
// element for an array).
func (c *codecGen) encodeValue(f *fieldDef, x string) {
	base := c.qual(f.Base)
	switch w := f.Wire; {
	case w == "String" || w == "XmlElement":
		if base != "string" {
			x = "string(" + x + ")"
		}
		c.p("w.Str(%s)", x)
	case w == "ByteString":
		if base != "[]byte" {
			x = "[]byte(" + x + ")"
		}
		c.p("w.ByteString(%s)", x)
	case primWires[w].method != "":
		pw := primWires[w]
		if base != pw.goType {
			x = pw.goType + "(" + x + ")"
		}
		c.p("w.%s(%s)", pw.method, x)
	case w != "":
		c.p("fastpath.Append%s(w, %s)", builtinWire[w].name, addr(x))
	default:
		app, _ := c.structFuncs(f)
		c.p("%s(w, %s)", app, addr(x))
	}
}

// decodeValue writes the decoding of one value into x; elem says x is an
// array element (Strings are then read with Str, as the engine's array
// loop does, not over the old value).
func (c *codecGen) decodeValue(f *fieldDef, x string, elem bool) {
	base := c.qual(f.Base)
	switch w := f.Wire; {
	case w == "String" || w == "XmlElement":
		read := "r.StrOver(" + x + ")"
		if base != "string" {
			read = "r.StrOver(string(" + x + "))"
		}
		if elem {
			read = "r.Str()"
		}
		if base != "string" {
			read = base + "(" + read + ")"
		}
		c.p("%s = %s", x, read)
	case w == "ByteString":
		if base != "[]byte" {
			c.p("%s = %s(r.ByteStringInto([]byte(%s)))", x, base, x)
		} else {
			c.p("%s = r.ByteStringInto(%s)", x, x)
		}
	case primWires[w].method != "":
		pw := primWires[w]
		if base != pw.goType {
			c.p("%s = %s(r.%s())", x, base, pw.method)
		} else {
			c.p("%s = r.%s()", x, pw.method)
		}
	case w != "":
		c.p("fastpath.Consume%s(r, %s)", builtinWire[w].name, addr(x))
	default:
		_, cons := c.structFuncs(f)
		c.p("%s(r, %s)", cons, addr(x))
	}
}

// encodeField writes the encoding of field f of v (its presence already
// decided for an optional field).
func (c *codecGen) encodeField(f *fieldDef) {
	x := "v." + f.GoName
	switch {
	case f.Array && f.Optional: // present: not nil
		c.p("w.Len(len(%s))", x)
		c.p("for i := range %s {", x)
		c.encodeValue(f, x+"[i]")
		c.p("}")
	case f.Array:
		c.p("if %s == nil {", x)
		c.p("w.Null()")
		c.p("} else {")
		c.p("w.Len(len(%s))", x)
		c.p("for i := range %s {", x)
		c.encodeValue(f, x+"[i]")
		c.p("}")
		c.p("}")
	case f.Pointer:
		// A nil pointer writes the zero value, as the engine does.
		c.p("if %s == nil {", x)
		c.p("var z %s", c.qual(f.Base))
		c.encodeValue(f, "z")
		c.p("} else {")
		c.encodeValue(f, "*"+x)
		c.p("}")
	case f.Optional:
		c.encodeValue(f, "*"+x)
	default:
		c.encodeValue(f, x)
	}
}

// decodeField writes the decoding of field f into v (an optional field
// known to be present).
func (c *codecGen) decodeField(f *fieldDef) {
	x := "v." + f.GoName
	switch {
	case f.Array:
		c.p("if n := r.ArrayLen(%d); n < 0 {", max(c.minWire(f), 1))
		c.p("if r.OK() {")
		c.p("%s = nil", x)
		c.p("}")
		c.p("} else {")
		c.p("if %s == nil || cap(%s) < n {", x, x)
		c.p("%s = make([]%s, n)", x, c.qual(f.Base))
		c.p("} else {")
		c.p("%s = %s[:n]", x, x)
		c.p("}")
		c.p("for i := range %s {", x)
		c.decodeValue(f, x+"[i]", true)
		c.p("}")
		c.p("}")
	case f.Pointer || f.Optional:
		c.p("if %s == nil {", x)
		c.p("%s = new(%s)", x, c.qual(f.Base))
		c.p("}")
		c.decodeValue(f, "*"+x, false)
	default:
		c.decodeValue(f, x, false)
	}
}

// zeroField writes the clearing of a field (an absent optional field, a
// union's alternative not selected).
func (c *codecGen) zeroField(f *fieldDef) {
	x := "v." + f.GoName
	base := c.qual(f.Base)
	switch {
	case f.Array || f.Pointer || f.Optional:
		c.p("%s = nil", x)
	case f.Wire == "String" || f.Wire == "XmlElement":
		c.p("%s = \"\"", x)
	case f.Wire == "ByteString":
		c.p("%s = nil", x)
	case f.Wire == "Boolean":
		c.p("%s = false", x)
	case primWires[f.Wire].method != "":
		c.p("%s = 0", x)
	default:
		c.p("%s = %s{}", x, base)
	}
}

// structure writes AppendX and ConsumeX of s.
func (c *codecGen) structure(s *structDef) {
	t := c.qual(s.GoName)
	enter := c.enter[s]
	opt := slices.ContainsFunc(s.Fields, func(f fieldDef) bool { return f.Optional })
	c.p("// Append%s appends the OPC UA Binary encoding of *v to w, as the plan of", s.GoName)
	c.p("// %s does. Errors are recorded with w.Fail.", t)
	c.p("func Append%s(w *wire.Writer, v *%s) {", s.GoName, t)
	if enter {
		c.p("if !w.Enter() {")
		c.p("return")
		c.p("}")
	}
	switch {
	case s.Union:
		n := len(s.Fields) - 1
		c.p("switch v.SwitchField {")
		c.p("case 0:")
		c.p("w.Uint32(0)")
		for i := 1; i <= n; i++ {
			c.p("case %d:", i)
			c.p("w.Uint32(%d)", i)
			c.encodeField(&s.Fields[i])
		}
		c.p("default:")
		c.p("w.Failf(wire.ErrInvalid, \"union switch %%d, but there are %d alternatives\", v.SwitchField)", n)
		c.p("return")
		c.p("}")
	default:
		if opt {
			c.p("var m uint32")
			bit := 0
			for i := range s.Fields {
				if f := &s.Fields[i]; f.Optional {
					c.p("if v.%s != nil {", f.GoName)
					c.p("m |= %#x", uint32(1)<<bit)
					c.p("}")
					bit++
				}
			}
			c.p("w.Uint32(m)")
		}
		for i := range s.Fields {
			f := &s.Fields[i]
			if f.Optional {
				c.p("if v.%s != nil {", f.GoName)
				c.encodeField(f)
				c.p("}")
			} else {
				c.encodeField(f)
			}
		}
	}
	if enter {
		c.p("w.Leave()")
	}
	c.p("}")
	c.p("")
	c.p("// Consume%s decodes one %s from r into *v, as the plan of", s.GoName, t)
	c.p("// %s does. Errors are recorded with r.Fail.", t)
	c.p("func Consume%s(r *wire.Reader, v *%s) {", s.GoName, t)
	if enter {
		c.p("if !r.Enter() {")
		c.p("return")
		c.p("}")
	}
	switch {
	case s.Union:
		n := len(s.Fields) - 1
		c.p("n := r.Uint32()")
		c.p("if !r.OK() {")
		c.p("return")
		c.p("}")
		c.p("if n > %d {", n)
		c.p("r.Failf(wire.ErrInvalid, \"union switch %%d, but there are %d alternatives\", n)", n)
		c.p("return")
		c.p("}")
		c.p("v.SwitchField = n")
		for i := 1; i <= n; i++ {
			f := &s.Fields[i]
			c.p("if n == %d {", i)
			c.decodeField(f)
			c.p("} else {")
			c.zeroField(f)
			c.p("}")
		}
	default:
		if opt {
			owned := uint32(0)
			bit := 0
			for _, f := range s.Fields {
				if f.Optional {
					owned |= 1 << bit
					bit++
				}
			}
			c.p("m := r.Uint32()")
			c.p("if m&^%#x != 0 {", owned)
			c.p("r.Failf(wire.ErrInvalid, \"encoding mask 0x%%x has bits that no optional field owns\", m)")
			c.p("return")
			c.p("}")
		}
		bit := 0
		for i := range s.Fields {
			f := &s.Fields[i]
			if f.Optional {
				c.p("if m&%#x != 0 {", uint32(1)<<bit)
				c.decodeField(f)
				c.p("} else {")
				c.zeroField(f)
				c.p("}")
				bit++
			} else {
				c.decodeField(f)
			}
		}
	}
	if enter {
		c.p("r.Leave()")
	}
	c.p("}")
	c.p("")
}

// register writes the registration of every structure's codecs.
func (c *codecGen) register() {
	c.p("// register adds the fast path of every structure to s. With keep, a type")
	c.p("// that has a fast path in s already keeps it.")
	c.p("func register(s *fastpath.Set, keep bool) error {")
	c.p("var first error")
	c.p("add := func(err error) {")
	c.p("if err != nil && first == nil && !(keep && errors.Is(err, fastpath.ErrDuplicate)) {")
	c.p("first = err")
	c.p("}")
	c.p("}")
	for _, s := range c.m.Structs {
		t := c.qual(s.GoName)
		c.p("add(fastpath.Register(s, fastpath.Funcs[%s]{", t)
		c.p("Append: func(w *wire.Writer, v *%s) bool { Append%s(w, v); return true },", t, s.GoName)
		c.p("Consume: func(r *wire.Reader, v *%s) bool { Consume%s(r, v); return true },", t, s.GoName)
		c.p("AppendTop: func(b []byte, e bool, d int, v *%s) ([]byte, bool) { return fastpath.StackAppend(b, e, d, v, Append%s) },", t, s.GoName)
		c.p("ConsumeTop: func(b []byte, l *wire.Limits, v *%s) (int, bool) { return fastpath.StackConsume(b, l, v, Consume%s) },", t, s.GoName)
		c.p("}))")
	}
	c.p("return first")
	c.p("}")
}

// codecSource returns the body of the codec file after the package clause:
// the imports and the code.
func codecSource(m *pkgModel) string {
	c := newCodecGen(m)
	for _, s := range m.Structs {
		c.structure(s)
	}
	c.register()
	body := c.b.String()
	uses := func(pkg string) bool { return regexp.MustCompile(`\b` + pkg + `\.`).MatchString(body) }
	var imp strings.Builder
	imp.WriteString("import (\n\t\"errors\"\n\n")
	if uses("types") {
		imp.WriteString("\t\"github.com/uabin/uabin/types\"\n")
	}
	if uses(codecsPackage) && !m.Types {
		imp.WriteString("\t\"" + codecsImport + "\"\n")
	}
	imp.WriteString("\t\"github.com/uabin/uabin/uabin/fastpath\"\n\t\"github.com/uabin/uabin/uabin/wire\"\n")
	for _, i := range m.Imports {
		if uses(i.Name) {
			fmt.Fprintf(&imp, "\t%s %q\n", i.Name, i.Path)
		}
	}
	imp.WriteString(")\n\n")
	return imp.String() + body
}
