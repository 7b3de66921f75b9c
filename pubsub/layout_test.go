package pubsub_test

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/uabin/uabin/pubsub"
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
)

// TestRawArrayAtMaxArrayLength: a RawData array field of MaxArrayLength
// elements decodes, one of MaxArrayLength+1 is refused with
// ErrLimitExceeded at the array's first byte, for one dimension and for
// several (the product of the dimensions counts), with ArrayDimensions
// fixed in the metadata or not.
func TestRawArrayAtMaxArrayLength(t *testing.T) {
	const max = 4
	for _, rank := range []int32{1, 2, 3} {
		for _, fixed := range []bool{false, true} {
			for _, n := range []int{max, max + 1} {
				name := fmt.Sprintf("rank %d, fixed %v, %d elements", rank, fixed, n)
				meta := types.DataSetMetaDataType{Fields: []types.FieldMetaData{{Name: "v", BuiltInType: uint8(types.TypeBoolean), ValueRank: rank}}}
				if fixed {
					for range rank {
						meta.Fields[0].ArrayDimensions = append(meta.Fields[0].ArrayDimensions, max+1)
					}
				}
				l, err := pubsub.NewLayout(meta, pubsub.LayoutOptions{})
				require.NoError(t, err)
				cfg := pubsub.Config{Writers: []pubsub.Writer{{ID: 1, Layout: l}}}
				cfg.Limits.Values = uabin.Limits{MaxArrayLength: max}
				// DataSetFlags1 (valid, RawData), then the array: its
				// length (one dimension) or its dimensions 1 × ... × n.
				b := []byte{0x03}
				if rank == 1 {
					b = binary.LittleEndian.AppendUint32(b, uint32(n))
				} else {
					b = binary.LittleEndian.AppendUint32(b, uint32(rank))
					for i := range rank {
						d := 1
						if i == rank-1 {
							d = n
						}
						b = binary.LittleEndian.AppendUint32(b, uint32(d))
					}
				}
				b = append(b, make([]byte, n)...)
				if fixed && rank == 1 {
					b = append(b, make([]byte, max+1-n)...) // the padding up to ArrayDimensions
				}
				dec, err := pubsub.NewDecoder(cfg)
				require.NoError(t, err)
				var back pubsub.DataSetMessage
				err = dec.DecodeDataSetMessage(b, 1, &back)
				if n == max {
					require.NoError(t, err, name)
					require.Equal(t, max, back.Fields[0].Value.Value.Len(), name)
					continue
				}
				require.ErrorIs(t, err, uabin.ErrLimitExceeded, name)
				want := `pubsub: decoding Fields[0] at offset 1: limit exceeded: RawData field "v": 5 elements`
				if rank == 1 {
					want = "pubsub: decoding Fields[0] at offset 1: limit exceeded: array length 5 above the limit 4"
				}
				require.EqualError(t, err, want, name)
			}
		}
	}
}

// TestRawDataWithoutLayout: a RawData DataSetMessage of a writer with no
// Layout in the Config is kept in Raw and written back as it came: a delta
// frame (FieldCount and fields), and a key frame with no field bytes.
func TestRawDataWithoutLayout(t *testing.T) {
	enc, err := pubsub.NewEncoder(pubsub.Config{})
	require.NoError(t, err)
	dec, err := pubsub.NewDecoder(pubsub.Config{})
	require.NoError(t, err)
	for _, in := range []string{
		"01" + "8b" + "01" + "3412" + "0100" + "0000" + "2a000000", // DataSetFlags1 valid, RawData, sequence, flags2; delta frame; 0x1234; 1 field: index 0, 42
		"01" + "0b" + "3412", // a key frame (no DataSetFlags2) with no field bytes
	} {
		b, err := hex.DecodeString(in)
		require.NoError(t, err)
		var m pubsub.NetworkMessage
		require.NoError(t, dec.Decode(b, &m), in)
		require.NotNil(t, m.Messages[0].Raw, in)
		out, err := enc.Marshal(&m)
		require.NoError(t, err, in)
		require.Equal(t, in, hex.EncodeToString(out))
	}
}
