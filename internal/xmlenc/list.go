package xmlenc

// Arrays of numbers ([]float64, []int32, ... of the unnamed Go types) are
// read without a reflect.Value per element: the same parsers as the
// number codecs, into a typed slice. W2's Variant of 1000 Doubles is one.

import (
	"reflect"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// numberFill reads the elements kids of an array into the slice v.
type numberFill func(d *decoder, kids []*Node, v reflect.Value) error

// numberFills holds, by slice type, the fills of the arrays whose element
// codec is the number codec of that built-in (checked by listCodec).
var numberFills = map[reflect.Type]struct {
	bt   types.BuiltinType
	fill numberFill
}{}

func init() {
	type entry = struct {
		bt   types.BuiltinType
		fill numberFill
	}
	signed := func(bt types.BuiltinType) func(d *decoder, n *Node) (int64, error) {
		bits := intBits(bt)
		return func(d *decoder, n *Node) (int64, error) { return d.intText(n, bt, bits) }
	}
	unsigned := func(bt types.BuiltinType) func(d *decoder, n *Node) (uint64, error) {
		bits := intBits(bt)
		return func(d *decoder, n *Node) (uint64, error) { return d.uintText(n, bt, bits) }
	}
	numberFills[reflect.TypeFor[[]bool]()] = entry{types.TypeBoolean, fillOf(types.TypeBoolean, (*decoder).boolText)}
	numberFills[reflect.TypeFor[[]int8]()] = entry{types.TypeSByte, fillOf(types.TypeSByte, convert[int64, int8](signed(types.TypeSByte)))}
	numberFills[reflect.TypeFor[[]int16]()] = entry{types.TypeInt16, fillOf(types.TypeInt16, convert[int64, int16](signed(types.TypeInt16)))}
	numberFills[reflect.TypeFor[[]int32]()] = entry{types.TypeInt32, fillOf(types.TypeInt32, convert[int64, int32](signed(types.TypeInt32)))}
	numberFills[reflect.TypeFor[[]int64]()] = entry{types.TypeInt64, fillOf(types.TypeInt64, signed(types.TypeInt64))}
	numberFills[reflect.TypeFor[[]uint8]()] = entry{types.TypeByte, fillOf(types.TypeByte, convert[uint64, uint8](unsigned(types.TypeByte)))}
	numberFills[reflect.TypeFor[[]uint16]()] = entry{types.TypeUInt16, fillOf(types.TypeUInt16, convert[uint64, uint16](unsigned(types.TypeUInt16)))}
	numberFills[reflect.TypeFor[[]uint32]()] = entry{types.TypeUInt32, fillOf(types.TypeUInt32, convert[uint64, uint32](unsigned(types.TypeUInt32)))}
	numberFills[reflect.TypeFor[[]uint64]()] = entry{types.TypeUInt64, fillOf(types.TypeUInt64, unsigned(types.TypeUInt64))}
	numberFills[reflect.TypeFor[[]float32]()] = entry{types.TypeFloat, fillOf(types.TypeFloat, func(d *decoder, n *Node) (float32, error) {
		x, err := d.floatText(n, types.TypeFloat, 32)
		return float32(x), err
	})}
	numberFills[reflect.TypeFor[[]float64]()] = entry{types.TypeDouble, fillOf(types.TypeDouble, func(d *decoder, n *Node) (float64, error) {
		return d.floatText(n, types.TypeDouble, 64)
	})}
}

// convert makes a parser of a narrower type from one of its wide type
// (the range is checked by the wide parser's bits).
func convert[W, N int64 | uint64 | int8 | int16 | int32 | uint8 | uint16 | uint32](p func(d *decoder, n *Node) (W, error)) func(d *decoder, n *Node) (N, error) {
	return func(d *decoder, n *Node) (N, error) {
		x, err := p(d, n)
		return N(x), err
	}
}

// fillOf makes the fill of []T from the parser of one element of the
// built-in bt: the element names are checked, xsi:nil gives the zero.
func fillOf[T any](bt types.BuiltinType, parse func(d *decoder, n *Node) (T, error)) numberFill {
	name := bt.String()
	return func(d *decoder, kids []*Node, v reflect.Value) error {
		out := make([]T, len(kids))
		for i, k := range kids {
			if k.Name != name {
				return wire.WithPath(d.fail(k, wire.ErrInvalid, "element %s in a ListOf%s, not %s", k.Name, name, name), wire.IndexPath(i))
			}
			if k.Nil {
				if err := d.nilEmpty(k); err != nil {
					return wire.WithPath(err, wire.IndexPath(i))
				}
				continue
			}
			x, err := parse(d, k)
			if err != nil {
				return wire.WithPath(err, wire.IndexPath(i))
			}
			out[i] = x
		}
		setTo(v, out)
		return nil
	}
}
