package engine

import (
	"bytes"
	"testing"
)

// TestMsgHeadStarts holds msgHead.starts, which compares a head of up to
// 8 bytes as one word, to bytes.HasPrefix: heads of 1 to 10 bytes, inputs
// shorter and longer than 8 bytes, equal and with one byte changed at
// every position.
func TestMsgHeadStarts(t *testing.T) {
	for hn := 1; hn <= 10; hn++ {
		head := make([]byte, hn)
		for i := range head {
			head[i] = byte(0x71 + i)
		}
		m := newMsgHead(nil, head)
		if (m.mask != 0) != (hn <= 8) {
			t.Fatalf("head of %d bytes: mask %#x", hn, m.mask)
		}
		for bn := 0; bn <= 12; bn++ {
			b := make([]byte, bn)
			copy(b, head)
			for i := hn; i < bn; i++ {
				b[i] = 0xff
			}
			for flip := -1; flip < bn; flip++ {
				in := bytes.Clone(b)
				if flip >= 0 {
					in[flip] ^= 0x01
				}
				if got, want := m.starts(in), bytes.HasPrefix(in, head); got != want {
					t.Fatalf("head % x, input % x: starts %v, want %v", head, in, got, want)
				}
			}
		}
	}
}
