package fastpath

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// diagnosticInfoAll is every assigned DiagnosticInfo mask bit; 0x80 is
// ErrInvalid in both directions.
const diagnosticInfoAll = types.DiagnosticInfoSymbolicID | types.DiagnosticInfoNamespaceURI |
	types.DiagnosticInfoLocalizedText | types.DiagnosticInfoLocale | types.DiagnosticInfoAdditionalInfo |
	types.DiagnosticInfoInnerStatusCode | types.DiagnosticInfoInnerDiagnosticInfo

// appendDiagnosticInfo appends the fields Mask selects, in field order
// (Locale before LocalizedText); a set 0x40 bit with a nil inner
// DiagnosticInfo writes an empty one (00).
// Every DiagnosticInfo counts one nesting level (w.Enter), an empty one
// written for a nil InnerDiagnosticInfo included.
func appendDiagnosticInfo(w *wire.Writer, d *types.DiagnosticInfo) {
	if !w.Enter() {
		return
	}
	m := d.Mask
	if m&^diagnosticInfoAll != 0 {
		w.Failf(wire.ErrInvalid, "DiagnosticInfo mask 0x%02x has unassigned bits", uint8(m))
		return
	}
	w.Uint8(uint8(m))
	if m&types.DiagnosticInfoSymbolicID != 0 {
		w.Int32(d.SymbolicID)
	}
	if m&types.DiagnosticInfoNamespaceURI != 0 {
		w.Int32(d.NamespaceURI)
	}
	if m&types.DiagnosticInfoLocale != 0 {
		w.Int32(d.Locale)
	}
	if m&types.DiagnosticInfoLocalizedText != 0 {
		w.Int32(d.LocalizedText)
	}
	if m&types.DiagnosticInfoAdditionalInfo != 0 {
		w.Str(d.AdditionalInfo)
	}
	if m&types.DiagnosticInfoInnerStatusCode != 0 {
		w.Uint32(uint32(d.InnerStatusCode))
	}
	if m&types.DiagnosticInfoInnerDiagnosticInfo != 0 {
		inner := d.InnerDiagnosticInfo
		if inner == nil {
			inner = &types.DiagnosticInfo{}
		}
		appendDiagnosticInfo(w, inner)
	}
	w.Leave()
}

// consumeDiagnosticInfo decodes a DiagnosticInfo into d, entering one
// nesting level per DiagnosticInfo (the inner one included). Fields whose
// bit is clear are zeroed; the inner DiagnosticInfo is allocated when d has
// none and reused otherwise.
func consumeDiagnosticInfo(r *wire.Reader, d *types.DiagnosticInfo) {
	if !r.Enter() {
		return
	}
	defer r.Leave()
	m := types.DiagnosticInfoMask(r.Uint8())
	if m&^diagnosticInfoAll != 0 {
		r.FailAt(r.Offset()-1, wire.ErrInvalid, "DiagnosticInfo mask 0x%02x has unassigned bits", uint8(m))
		return
	}
	d.Mask = m
	d.SymbolicID, d.NamespaceURI, d.Locale, d.LocalizedText = 0, 0, 0, 0
	if m&types.DiagnosticInfoSymbolicID != 0 {
		d.SymbolicID = r.Int32()
	}
	if m&types.DiagnosticInfoNamespaceURI != 0 {
		d.NamespaceURI = r.Int32()
	}
	if m&types.DiagnosticInfoLocale != 0 {
		d.Locale = r.Int32()
	}
	if m&types.DiagnosticInfoLocalizedText != 0 {
		d.LocalizedText = r.Int32()
	}
	if m&types.DiagnosticInfoAdditionalInfo != 0 {
		d.AdditionalInfo = consumeStr(r, d.AdditionalInfo)
	} else {
		d.AdditionalInfo = ""
	}
	d.InnerStatusCode = 0
	if m&types.DiagnosticInfoInnerStatusCode != 0 {
		d.InnerStatusCode = types.StatusCode(r.Uint32())
	}
	if m&types.DiagnosticInfoInnerDiagnosticInfo == 0 {
		d.InnerDiagnosticInfo = nil
		return
	}
	if d.InnerDiagnosticInfo == nil {
		d.InnerDiagnosticInfo = new(types.DiagnosticInfo)
	}
	consumeDiagnosticInfo(r, d.InnerDiagnosticInfo)
}
