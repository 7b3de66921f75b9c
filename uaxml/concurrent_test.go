package uaxml_test

import (
	"bytes"
	"sync"
	"testing"

	"github.com/uabin/uabin/uaxml"
)

// TestConcurrent encodes and decodes the golden values and a run-time
// structure from several goroutines at once, the first use of each type
// among them (run with -race).
func TestConcurrent(t *testing.T) {
	r, table := tankRegistry(t)
	o := uaxml.Options{NamespaceURIs: table, Types: r}
	cases := goldenCases(t)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for name, v := range cases {
				b, err := o.Marshal(v)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					return
				}
				back := newLike(v)
				if err := o.Unmarshal(b, back); err != nil {
					t.Errorf("%s: %v", name, err)
					return
				}
				if again, err := o.Marshal(back); err != nil || !bytes.Equal(again, b) {
					t.Errorf("%s: %v\n%s\n%s", name, err, again, b)
					return
				}
			}
		}()
	}
	wg.Wait()
}
