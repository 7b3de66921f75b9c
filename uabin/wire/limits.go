package wire

// Default decoder limits, used where a Limits field is zero. They follow the
// defaults of the OPC Foundation .NET stack (DefaultEncodingLimits), which
// are also the values most servers advertise in their ServerCapabilities.
const (
	// DefaultMaxDepth bounds nesting of structures, Variants,
	// ExtensionObjects, DataValues and DiagnosticInfos, counted with one
	// counter. Part 6 §5.1.8/§5.1.9 requires at least 100 levels of
	// Variant/ExtensionObject nesting; 200 leaves room for the message and
	// structure levels around them.
	DefaultMaxDepth = 200
	// DefaultMaxArrayLength bounds the element count of any array.
	DefaultMaxArrayLength = 65535
	// DefaultMaxStringLength bounds the byte length of a String or XmlElement.
	DefaultMaxStringLength = 65535
	// DefaultMaxByteStringLength bounds the length of a ByteString.
	DefaultMaxByteStringLength = 1048560
	// DefaultMaxMessageSize bounds the size of the whole input given to one
	// decoding call.
	DefaultMaxMessageSize = 2097152
)

// HardMaxDepth caps MaxDepth, also when it is negative ("no limit") or
// larger: deeper recursion could exhaust the goroutine stack, which is a
// fatal error, not a panic that could be turned into an error.
const HardMaxDepth = 100000

// Limits bound what a decoder accepts from untrusted input. A zero field
// means the matching Default constant; a negative field means no limit
// (other than the bytes actually present, which always bound allocation),
// except for MaxDepth, which is always capped at HardMaxDepth. Resolved,
// Depth and MessageSize apply these rules; they are the only code that
// does.
type Limits struct {
	MaxDepth            int // nesting depth, see DefaultMaxDepth
	MaxArrayLength      int // elements per array, see DefaultMaxArrayLength
	MaxStringLength     int // bytes per String/XmlElement, see DefaultMaxStringLength
	MaxByteStringLength int // bytes per ByteString, see DefaultMaxByteStringLength
	MaxMessageSize      int // bytes of input per decoding call, see DefaultMaxMessageSize

	// ShareInput lets decoded Strings, XmlElements and ByteStrings (and
	// the raw bodies of ExtensionObjects, opaque NodeId identifiers) point
	// into the input instead of copies of it: decoding into new values
	// allocates less. The caller promises not to change the input while
	// any value decoded from it lives; a value that changes an input byte
	// changes what the decoded value holds, and a ByteString appended to
	// may write over the input after it. It is off by default; a value
	// decoded with it encodes to the same bytes. uabin.Decoder ignores it
	// (it reuses its buffer). See docs/limits.md.
	ShareInput bool
}

// Resolved returns l with zero fields replaced by the defaults, negative
// fields replaced by the largest int, and MaxDepth as Depth gives it.
func (l Limits) Resolved() Limits {
	if l.IsDefault() {
		return defaultLimits // the common case
	}
	l.MaxDepth = l.Depth()
	l.MaxArrayLength = resolve(l.MaxArrayLength, DefaultMaxArrayLength)
	l.MaxStringLength = resolve(l.MaxStringLength, DefaultMaxStringLength)
	l.MaxByteStringLength = resolve(l.MaxByteStringLength, DefaultMaxByteStringLength)
	l.MaxMessageSize = resolve(l.MaxMessageSize, DefaultMaxMessageSize)
	return l
}

// IsDefault reports whether every field of l is zero (ShareInput off): the
// defaults.
// (Field by field: l == Limits{} is a memequal call.)
func (l *Limits) IsDefault() bool {
	return l.MaxDepth|l.MaxArrayLength|l.MaxStringLength|l.MaxByteStringLength|l.MaxMessageSize == 0 && !l.ShareInput
}

// Depth returns MaxDepth resolved: DefaultMaxDepth for 0, HardMaxDepth
// for a negative value or one above it.
func (l *Limits) Depth() int { return resolveDepth(l.MaxDepth) }

func resolveDepth(md int) int {
	switch {
	case md == 0:
		return DefaultMaxDepth
	case md < 0 || md > HardMaxDepth:
		return HardMaxDepth
	}
	return md
}

// MessageSize returns MaxMessageSize resolved: DefaultMaxMessageSize for
// 0, the largest int for a negative value.
func (l *Limits) MessageSize() int { return resolve(l.MaxMessageSize, DefaultMaxMessageSize) }

const maxInt = int(^uint(0) >> 1)

// defaultLimits is Limits{}.Resolved().
var defaultLimits = Limits{
	MaxDepth:            DefaultMaxDepth,
	MaxArrayLength:      DefaultMaxArrayLength,
	MaxStringLength:     DefaultMaxStringLength,
	MaxByteStringLength: DefaultMaxByteStringLength,
	MaxMessageSize:      DefaultMaxMessageSize,
}

func resolve(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return maxInt
	}
	return v
}
