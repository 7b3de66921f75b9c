package nodeset

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/uabin/uabin/uabin"
)

// Default limits of ParseOptions, used where a field is zero. Each leaves
// wide room above the largest value in the OPC Foundation's own files
// (Opc.Ua.NodeSet2.Services.xml and the companion specifications DI, IA,
// Machinery, Machinery.Result, Machinery.Jobs, ISA-95 job control,
// PackML, MachineVision, AutoID and Robotics), given in each comment.
const (
	// DefaultMaxSize bounds the bytes of one file: 64 MiB, 16 times
	// Opc.Ua.NodeSet2.Services.xml (3 932 567 bytes, the largest).
	DefaultMaxSize = 64 << 20
	// DefaultMaxDepth bounds the nesting of elements, the root UANodeSet
	// being level 1: 100 levels. The files nest at most 10 levels deep (a
	// structure inside the Value of a Variable).
	DefaultMaxDepth = 100
	// DefaultMaxNodes bounds the elements directly inside UANodeSet (the
	// nodes, and the header: NamespaceUris, Models, Aliases, ...):
	// 1 000 000. Opc.Ua.NodeSet2.Services.xml has 5 640.
	DefaultMaxNodes = 1_000_000
	// DefaultMaxAttributeLength bounds the bytes of one attribute value:
	// 65 535, the default MaxStringLength of package uabin. The longest in
	// the files has 54 bytes.
	DefaultMaxAttributeLength = 65535
	// DefaultMaxTextLength bounds the bytes of one text (character data
	// between two tags, and the whole text of an element the reader
	// keeps): 16 MiB. The longest in the files has 398 872 bytes (a
	// ByteString Value of namespace 0 that holds an XML schema).
	DefaultMaxTextLength = 16 << 20
)

// ParseOptions bound what Parse, ParseReader and Load accept from a
// NodeSet2 file, which may come from anywhere. The zero value is ready to
// use and gives the Default limits; a zero field means its default, a
// negative field means no limit. Lengths count bytes after XML entities
// are replaced (so "&amp;" is one byte).
//
// Input above a limit gives an *Error whose Err is a *LimitError (wrapping
// ErrLimitExceeded) that names the limit and says where the input went
// beyond it; reading stops there. The reader holds no more of the input
// than the node it is reading (ParseReader and Load never the whole file),
// the result keeps at most 16 bytes of heap per input byte, and reading
// allocates at most 128 in all (docs/limits.md, section NodeSet2 files, has
// the measured figures).
type ParseOptions struct {
	// MaxSize bounds the bytes of the file; see DefaultMaxSize.
	MaxSize int
	// MaxDepth bounds the nesting of elements; see DefaultMaxDepth.
	MaxDepth int
	// MaxNodes bounds the elements directly inside UANodeSet; see
	// DefaultMaxNodes.
	MaxNodes int
	// MaxAttributeLength bounds the bytes of an attribute value; see
	// DefaultMaxAttributeLength.
	MaxAttributeLength int
	// MaxTextLength bounds the bytes of a text; see DefaultMaxTextLength.
	MaxTextLength int
}

// resolved returns o with zero fields replaced by the defaults and
// negative fields by the largest int.
func (o ParseOptions) resolved() ParseOptions {
	o.MaxSize = resolveLimit(o.MaxSize, DefaultMaxSize)
	o.MaxDepth = resolveLimit(o.MaxDepth, DefaultMaxDepth)
	o.MaxNodes = resolveLimit(o.MaxNodes, DefaultMaxNodes)
	o.MaxAttributeLength = resolveLimit(o.MaxAttributeLength, DefaultMaxAttributeLength)
	o.MaxTextLength = resolveLimit(o.MaxTextLength, DefaultMaxTextLength)
	return o
}

func resolveLimit(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return int(^uint(0) >> 1)
	}
	return v
}

// ErrLimitExceeded: a file is above one of the limits of ParseOptions (the
// *LimitError in the *Error says which, where and by how much). It is
// uabin.ErrLimitExceeded, so that one errors.Is test covers the binary
// decoder and this reader.
var ErrLimitExceeded = uabin.ErrLimitExceeded

// LimitError says which limit of ParseOptions a file exceeds, where, and
// with what. It is the Err of an *Error and wraps ErrLimitExceeded.
type LimitError struct {
	// Limit is the name of the ParseOptions field: "MaxSize", "MaxDepth",
	// "MaxNodes", "MaxAttributeLength" or "MaxTextLength".
	Limit string
	// Max is the limit in force (the default where the field was zero).
	Max int
	// Value is what the file has: its size (for ParseReader and Load, the
	// bytes read when the reader stopped, Max+1), the depth of the
	// element, the number of the element inside UANodeSet, or the length
	// of the attribute value or text.
	Value int
	// Line and Column (from 1; the column counts bytes) and Offset (the
	// byte offset from 0) are where the element, or the text, that goes
	// beyond the limit starts; an attribute is reported at its element.
	// For MaxSize, Offset is Max and Line and Column are 0.
	Line, Column int
	Offset       int64
	// Path is the path of the element from the root
	// ("UANodeSet/UAVariable/Value"), or "" for MaxSize and for text
	// outside the root element. A path of more than 256 bytes keeps its
	// end after ".../".
	Path string
	// Attribute is the name of the attribute, for MaxAttributeLength.
	Attribute string
}

// Error implements error, for example "UANodeSet/UAVariable at line 7,
// column 5 (offset 312): limit exceeded: attribute BrowseName of 70000
// bytes, above MaxAttributeLength 65535": where (the path, the line and
// column, the offset), the kind and what was found, in the order of every
// error of this module (docs/design.md).
func (e *LimitError) Error() string {
	var b strings.Builder
	if e.Path != "" {
		b.WriteString(e.Path + " ")
	}
	if e.Line > 0 {
		b.WriteString("at line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column) + " (offset " + strconv.FormatInt(e.Offset, 10) + "): ")
	} else {
		b.WriteString("at offset " + strconv.FormatInt(e.Offset, 10) + ": ")
	}
	b.WriteString("limit exceeded: ")
	v := strconv.Itoa(e.Value)
	switch e.Limit {
	case "MaxSize":
		b.WriteString("file of at least " + v + " bytes")
	case "MaxDepth":
		b.WriteString("element at depth " + v)
	case "MaxNodes":
		b.WriteString("element number " + v + " inside UANodeSet")
	case "MaxAttributeLength":
		b.WriteString("attribute " + e.Attribute + " of " + v + " bytes")
	case "MaxTextLength":
		b.WriteString("text of " + v + " bytes")
	default:
		b.WriteString(v)
	}
	b.WriteString(", above " + e.Limit + " " + strconv.Itoa(e.Max))
	return b.String()
}

// Unwrap returns ErrLimitExceeded.
func (e *LimitError) Unwrap() error { return ErrLimitExceeded }

// Parse reads one NodeSet2 file held in memory, within the limits of o;
// name is used in errors and in DataType.File. See the package function
// Parse.
func (o ParseOptions) Parse(name string, data []byte) (*NodeSet, error) {
	o = o.resolved()
	if len(data) > o.MaxSize {
		return nil, &Error{File: name, Err: &LimitError{Limit: "MaxSize", Max: o.MaxSize, Value: len(data), Offset: int64(o.MaxSize)}}
	}
	return parse(name, data, nil, o)
}

// ParseReader reads one NodeSet2 file from r, within the limits of o,
// without holding the whole file in memory; it stops reading after
// MaxSize bytes. An error of r is returned in an *Error (which wraps it)
// as it is.
func (o ParseOptions) ParseReader(name string, r io.Reader) (*NodeSet, error) {
	o = o.resolved()
	return parse(name, nil, &sizeReader{r: r, left: o.MaxSize}, o)
}

// Load reads the NodeSet2 files at the given paths with ParseReader (names
// in errors are the paths' base names) and returns NewSet of them.
func (o ParseOptions) Load(paths ...string) (*Set, error) {
	var files []*NodeSet
	for _, path := range paths {
		ns, err := o.load(path)
		if err != nil {
			return nil, err
		}
		files = append(files, ns)
	}
	return NewSet(files...)
}

func (o ParseOptions) load(path string) (*NodeSet, error) {
	name := filepath.Base(path)
	f, err := os.Open(path)
	if err != nil {
		return nil, &Error{File: name, Err: err}
	}
	defer f.Close()
	return o.ParseReader(name, f)
}

// errTooLarge is returned by a sizeReader past its limit; the parser
// turns it into a *LimitError.
var errTooLarge = errors.New("nodeset: file larger than MaxSize")

// sizeReader reads from r and fails with errTooLarge once more than the
// limit has been read. err keeps the first error of r other than io.EOF,
// so that the parser can tell it from an XML error.
type sizeReader struct {
	r    io.Reader
	left int   // bytes that may still be read
	read int64 // bytes read so far
	err  error // first error of r other than io.EOF
}

func (s *sizeReader) Read(b []byte) (int, error) {
	if s.left < 0 {
		return 0, errTooLarge
	}
	if len(b) > s.left {
		b = b[:s.left+1] // one byte more than allowed shows a file that is too large
	}
	n, err := s.r.Read(b)
	s.read += int64(n)
	s.left -= n
	if err != nil && err != io.EOF && s.err == nil {
		s.err = err
	}
	if s.left < 0 {
		return n, errTooLarge
	}
	return n, err
}

// newBufReader buffers s for the XML decoder, which reads byte by byte.
func newBufReader(s *sizeReader) *bufio.Reader { return bufio.NewReaderSize(s, 64<<10) }
