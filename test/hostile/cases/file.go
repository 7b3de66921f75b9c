package cases

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Case is one hostile input with the outcome the suite expects.
type Case struct {
	// Name is the file name (without .case) and the subtest name.
	Name string
	// Class is the attack class: "recursion", "length", "matrix",
	// "limits", "invalid", "amplification" (valid inputs with the most
	// heap per byte), "control" (positive controls), "chunk-flood",
	// "chunk-sequence", "chunk-padding", "chunk-signature", "chunk-size".
	Class string
	// Doc says in one line what the input is and why the outcome is right.
	Doc string
	// Target is a Targets name, or "chunk/None", "chunk/Sign" or
	// "chunk/SignAndEncrypt" for a stream of chunks fed to a Receiver
	// (see ChunkModes).
	Target string
	// Limits are, for decoding targets, uabin.Limits fields by key:
	// depth, array, string, bytestring, message (MaxDepth,
	// MaxArrayLength, MaxStringLength, MaxByteStringLength,
	// MaxMessageSize; missing or 0 is the default, -1 no limit). For chunk
	// targets they are the Receiver's limits: chunksize, maxmessage,
	// maxchunks (see ChunkLimits).
	Limits map[string]int
	// Want is the expected outcome: "ok", or the name of the sentinel the
	// error must wrap ("ErrTruncated", "ErrLimitExceeded", "ErrInvalid",
	// "ErrUnknownType" for decoding; the chunk package's sentinel names,
	// or "AbortError" or "ErrorMessage", for chunk targets).
	Want string
	// Messages is, for chunk targets, the number of messages that must be
	// delivered before the outcome in Want.
	Messages int
	// Subprocess runs the case in a child process with a small maximum
	// stack (recursion cases), so a missing depth limit fails the test
	// instead of killing the test binary.
	Subprocess bool
	// Input is the hostile input.
	Input []byte
}

// Format returns the text form of c, as stored in testdata/cases: a
// comment line (Doc), "key: value" lines, then "hex:" and the input (see
// writeHex for the repeat lines).
func (c *Case) Format() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n", c.Doc)
	fmt.Fprintf(&b, "name: %s\n", c.Name)
	fmt.Fprintf(&b, "class: %s\n", c.Class)
	fmt.Fprintf(&b, "target: %s\n", c.Target)
	if len(c.Limits) > 0 {
		keys := make([]string, 0, len(c.Limits))
		for k := range c.Limits {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s=%d", k, c.Limits[k]))
		}
		fmt.Fprintf(&b, "limits: %s\n", strings.Join(parts, " "))
	}
	fmt.Fprintf(&b, "want: %s\n", c.Want)
	if c.Messages != 0 {
		fmt.Fprintf(&b, "messages: %d\n", c.Messages)
	}
	if c.Subprocess {
		fmt.Fprintf(&b, "subprocess: true\n")
	}
	fmt.Fprintf(&b, "size: %d\n", len(c.Input))
	b.WriteString("hex:\n")
	writeHex(&b, c.Input)
	return b.Bytes()
}

// writeHex writes in as lines of at most 32 hex bytes; a unit of 1 to 16
// bytes repeated to fill at least 64 bytes is written as one line
// "*<count> <hex unit>", so that recursion bombs stay short and readable.
func writeHex(b *bytes.Buffer, in []byte) {
	var lit []byte
	flush := func() {
		for off := 0; off < len(lit); off += 32 {
			writeHexLine(b, lit[off:min(off+32, len(lit))])
		}
		lit = lit[:0]
	}
	for i := 0; i < len(in); {
		bestL, bestK := 0, 0
		for l := 1; l <= 16 && i+l <= len(in); l++ {
			k := 1
			for i+(k+1)*l <= len(in) && bytes.Equal(in[i+k*l:i+(k+1)*l], in[i:i+l]) {
				k++
			}
			if k*l >= 64 && k*l > bestK*bestL {
				bestL, bestK = l, k
			}
		}
		if bestL == 0 {
			lit = append(lit, in[i])
			i++
			continue
		}
		flush()
		fmt.Fprintf(b, "*%d ", bestK)
		writeHexLine(b, in[i:i+bestL])
		i += bestK * bestL
	}
	flush()
}

func writeHexLine(b *bytes.Buffer, line []byte) {
	for i, x := range line {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(b, "%02x", x)
	}
	b.WriteByte('\n')
}

// Parse reads a case in the text form of Format.
func Parse(text []byte) (*Case, error) {
	c := &Case{}
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, 1<<20)
	inHex := false
	size := -1
	var hx []byte
	for sc.Scan() {
		line := sc.Text()
		if inHex {
			n := 1
			if rest, ok := strings.CutPrefix(line, "*"); ok {
				count, unit, _ := strings.Cut(rest, " ")
				var err error
				if n, err = strconv.Atoi(count); err != nil || n < 1 {
					return nil, fmt.Errorf("cases: bad repeat line %q", line)
				}
				line = unit
			}
			hx = append(hx, strings.Repeat(strings.ReplaceAll(line, " ", ""), n)...)
			continue
		}
		if d, ok := strings.CutPrefix(line, "# "); ok {
			c.Doc = d
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("cases: line %q has no key", line)
		}
		v = strings.TrimSpace(v)
		var err error
		switch k {
		case "name":
			c.Name = v
		case "class":
			c.Class = v
		case "target":
			c.Target = v
		case "want":
			c.Want = v
		case "messages":
			c.Messages, err = strconv.Atoi(v)
		case "subprocess":
			c.Subprocess, err = strconv.ParseBool(v)
		case "size":
			size, err = strconv.Atoi(v)
		case "limits":
			c.Limits = map[string]int{}
			for _, f := range strings.Fields(v) {
				lk, lv, _ := strings.Cut(f, "=")
				n, perr := strconv.Atoi(lv)
				if perr != nil {
					return nil, fmt.Errorf("cases: limit %q: %w", f, perr)
				}
				c.Limits[lk] = n
			}
		case "hex":
			inHex = true
		default:
			return nil, fmt.Errorf("cases: unknown key %q", k)
		}
		if err != nil {
			return nil, fmt.Errorf("cases: %s: %w", k, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	in, err := hex.DecodeString(string(hx))
	if err != nil {
		return nil, fmt.Errorf("cases: %s: hex: %w", c.Name, err)
	}
	if len(in) != size {
		return nil, fmt.Errorf("cases: %s: %d bytes of hex, size says %d", c.Name, len(in), size)
	}
	c.Input = in
	return c, nil
}

// Load reads every testdata/cases/*.case file under dir, in name order.
func Load(dir string) ([]*Case, error) {
	files, err := filepath.Glob(filepath.Join(dir, "cases", "*.case"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []*Case
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		c, err := Parse(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// Files returns every file the generator writes under testdata, keyed by
// its path relative to testdata: cases/<name>.case for each case, and the
// seed corpora fuzz/<Target>/<name> in the format of go test fuzz v1.
func Files() (map[string][]byte, error) {
	all, err := All()
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, c := range all {
		p := filepath.Join("cases", c.Name+".case")
		if _, dup := files[p]; dup {
			return nil, fmt.Errorf("cases: duplicate case name %s", c.Name)
		}
		files[p] = c.Format()
	}
	seeds, err := Seeds()
	if err != nil {
		return nil, err
	}
	for target, m := range seeds {
		for name, in := range m {
			p := filepath.Join("fuzz", target, name)
			files[p] = []byte(fmt.Sprintf("go test fuzz v1\n[]byte(%s)\n", strconv.Quote(string(in))))
		}
	}
	return files, nil
}

// Write replaces the generated files under dir (normally testdata): it
// removes dir/cases and the seed-* files of the corpora it owns (inputs
// that the fuzzer found and someone committed stay), then writes Files.
func Write(dir string) error {
	files, err := Files()
	if err != nil {
		return err
	}
	old, err := Stale(dir, files)
	if err != nil {
		return err
	}
	for _, p := range old {
		if err := os.Remove(filepath.Join(dir, p)); err != nil {
			return err
		}
	}
	for p, b := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(full, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Stale returns the generated files under dir (cases/*.case and
// fuzz/*/seed-*) that files, the output of Files, no longer holds.
func Stale(dir string, files map[string][]byte) ([]string, error) {
	var out []string
	for _, pat := range []string{filepath.Join("cases", "*.case"), filepath.Join("fuzz", "*", "seed-*")} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return nil, err
		}
		for _, f := range m {
			rel, err := filepath.Rel(dir, f)
			if err != nil {
				return nil, err
			}
			if _, ok := files[rel]; !ok {
				out = append(out, rel)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}
