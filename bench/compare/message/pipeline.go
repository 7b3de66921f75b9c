package message

import (
	"bytes"
	"fmt"
)

// Impl is one of the implementations measured side by side.
type Impl int

// The implementations, in column order.
const (
	UabinFast  Impl = iota // uabin with its fast paths (the default)
	UabinPlans             // uabin with uabin.Options{DisableFastPaths: true}
	Gopcua                 // github.com/gopcua/opcua v0.8.0
	numImpls
)

// Impls lists the implementations in column order.
var Impls = []Impl{UabinFast, UabinPlans, Gopcua}

var implNames = [numImpls]string{"uabin-fast", "uabin-plans", "gopcua"}

// String returns the name used in benchmark names: uabin-fast, uabin-plans
// or gopcua.
func (i Impl) String() string {
	if i < 0 || i >= numImpls {
		return fmt.Sprintf("Impl(%d)", int(i))
	}
	return implNames[i]
}

// Policy is the security of the channel the message is sent on.
type Policy int

// The security settings measured.
const (
	// None is SecurityPolicy None (MessageSecurityMode None): no
	// signature, no padding.
	None Policy = iota
	// Sign is SecurityPolicy Basic256Sha256 in MessageSecurityMode Sign:
	// every chunk ends with an HMAC-SHA256 of the rest.
	Sign
	numPolicies
)

// Policies lists the security settings measured.
var Policies = []Policy{None, Sign}

// String returns "None" or "Sign".
func (p Policy) String() string {
	switch p {
	case None:
		return "None"
	case Sign:
		return "Sign"
	}
	return fmt.Sprintf("Policy(%d)", int(p))
}

// Stage is one step, or a chain of steps, of sending or receiving a message.
type Stage int

// The stages. A stage reads its input from the Pipeline's reference body or
// stream (encoded once by New) and writes into buffers and values that the
// Pipeline reuses from one call to the next.
const (
	Encode           Stage = iota // body alone: NodeId + structure
	Frame                         // framing alone: reference body into chunks
	EncodeFrame                   // both, as a message is sent
	Reassemble                    // reference stream back into the body
	Decode                        // body alone: reference body into a value
	ReassembleDecode              // both, as a message is received
	numStages
)

// Stages lists the stages in table order.
var Stages = []Stage{Encode, Frame, EncodeFrame, Reassemble, Decode, ReassembleDecode}

var stageNames = [numStages]string{"encode", "frame", "encode+frame", "reassemble", "decode", "reassemble+decode"}

// String returns the stage's name in benchmark names: encode, frame,
// encode+frame, reassemble, decode, reassemble+decode.
func (s Stage) String() string {
	if s < 0 || s >= numStages {
		return fmt.Sprintf("Stage(%d)", int(s))
	}
	return stageNames[s]
}

// BodyOnly reports whether the stage works on the body alone (Encode,
// Decode), so that its cost does not depend on the Policy.
func (s Stage) BodyOnly() bool { return s == Encode || s == Decode }

// FramingOnly reports whether the stage works on chunks alone (Frame,
// Reassemble), so that its cost does not depend on the codec mode: uabin's
// fast paths and plans share the same chunk.Sender and chunk.Receiver.
func (s Stage) FramingOnly() bool { return s == Frame || s == Reassemble }

// Channel parameters of every message (those of W8).
const (
	ChannelID      = 7
	TokenID        = 1
	RequestID      = 99
	FirstSequence  = 1000
	ChunkSize      = 8192
	maxMessageSize = 1 << 24
)

// A Pipeline sends and receives one Case with one implementation under one
// Policy. It owns every buffer and value it reuses, so its stages allocate
// only what the implementation itself allocates. A Pipeline is not safe for
// concurrent use.
type Pipeline struct {
	// Case, Impl and Policy are what the Pipeline runs.
	Case   *Case
	Impl   Impl
	Policy Policy

	body   []byte // reference body, encoded by New
	stream []byte // reference chunks of body, framed by New from FirstSequence

	stages [numStages]func() error
	// reset starts the sending side again at FirstSequence.
	reset func()
	// encoded and framed return what the last Encode and the last Frame or
	// EncodeFrame wrote; reassembled what the last Reassemble produced.
	encoded, framed, reassembled func() []byte
	// check reports how the value last decoded differs from the case's.
	check func() error
}

// New returns the Pipeline of c for impl under p, with its reference body
// and stream encoded.
func New(c *Case, impl Impl, p Policy) (*Pipeline, error) {
	if p < 0 || p >= numPolicies {
		return nil, fmt.Errorf("message: unknown policy %v", p)
	}
	var (
		pl  *Pipeline
		err error
	)
	switch impl {
	case UabinFast, UabinPlans:
		pl, err = c.newUabin(impl == UabinPlans, p)
	case Gopcua:
		pl, err = c.newGopcua(p)
	default:
		return nil, fmt.Errorf("message: unknown implementation %v", impl)
	}
	if err != nil {
		return nil, fmt.Errorf("message: %s %s %s: %w", c.Name, p, impl, err)
	}
	pl.Case, pl.Impl, pl.Policy = c, impl, p
	if err := pl.Run(Encode); err != nil {
		return nil, pl.errorf(Encode, err)
	}
	pl.body = bytes.Clone(pl.encoded())
	pl.reset()
	if err := pl.Run(Frame); err != nil {
		return nil, pl.errorf(Frame, err)
	}
	pl.stream = bytes.Clone(pl.framed())
	pl.reset()
	return pl, nil
}

// Run runs stage s once.
func (pl *Pipeline) Run(s Stage) error {
	if s < 0 || s >= numStages {
		return fmt.Errorf("message: unknown stage %v", s)
	}
	return pl.stages[s]()
}

// Func returns the function that runs stage s once, for timed loops.
func (pl *Pipeline) Func(s Stage) func() error {
	if s < 0 || s >= numStages {
		return func() error { return fmt.Errorf("message: unknown stage %v", s) }
	}
	return pl.stages[s]
}

// Body returns the reference body: the type id and the structure. The
// caller must not modify it.
func (pl *Pipeline) Body() []byte { return pl.body }

// Stream returns the reference chunks, one after the other, numbered from
// FirstSequence. The caller must not modify it.
func (pl *Pipeline) Stream() []byte { return pl.stream }

// Reset starts the sending side again, so that the next chunk carries
// FirstSequence. Timed loops do not reset: the sequence numbers then go up
// as on a real channel.
func (pl *Pipeline) Reset() { pl.reset() }

func (pl *Pipeline) errorf(s Stage, err error) error {
	return fmt.Errorf("message: %s %s %s %s: %w", pl.Case.Name, pl.Policy, pl.Impl, s, err)
}

// Verify runs every stage once and checks its result: Encode gives the
// reference body, Frame and EncodeFrame (each after a Reset) the reference
// stream, Reassemble the reference body, and Decode and ReassembleDecode the
// case's value. Verify leaves the Pipeline reset.
func (pl *Pipeline) Verify() error {
	defer pl.reset()
	for _, s := range Stages {
		pl.reset()
		if err := pl.Run(s); err != nil {
			return pl.errorf(s, err)
		}
		var err error
		switch s {
		case Encode:
			err = sameBytes("body", pl.body, pl.encoded())
		case Frame, EncodeFrame:
			err = sameBytes("chunks", pl.stream, pl.framed())
		case Reassemble:
			err = sameBytes("reassembled body", pl.body, pl.reassembled())
		case Decode, ReassembleDecode:
			err = pl.check()
		}
		if err != nil {
			return pl.errorf(s, err)
		}
	}
	return nil
}

// VerifyCase builds the pipelines of c under p for every implementation,
// verifies each, and checks that all of them encode the same body and frame
// it into the same chunks. It returns the pipelines in Impls order.
func VerifyCase(c *Case, p Policy) ([]*Pipeline, error) {
	var out []*Pipeline
	for _, impl := range Impls {
		pl, err := New(c, impl, p)
		if err != nil {
			return nil, err
		}
		if err := pl.Verify(); err != nil {
			return nil, err
		}
		if len(out) > 0 {
			if err := sameBytes("body", out[0].body, pl.body); err != nil {
				return nil, fmt.Errorf("message: %s %s: %s and %s differ: %w", c.Name, p, out[0].Impl, impl, err)
			}
			if err := sameBytes("chunks", out[0].stream, pl.stream); err != nil {
				return nil, fmt.Errorf("message: %s %s: %s and %s differ: %w", c.Name, p, out[0].Impl, impl, err)
			}
		}
		out = append(out, pl)
	}
	return out, nil
}

// sameBytes reports where got first differs from want.
func sameBytes(what string, want, got []byte) error {
	if bytes.Equal(want, got) {
		return nil
	}
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	lo := max(0, i-4)
	excerpt := func(x []byte) string { return fmt.Sprintf("% x", x[min(lo, len(x)):min(i+12, len(x))]) }
	return fmt.Errorf("%s differ: lengths %d and %d, first difference at byte %d: [%s] vs [%s] (from byte %d)",
		what, len(want), len(got), i, excerpt(want), excerpt(got), lo)
}
