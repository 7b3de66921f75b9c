package fastpath

// The built-in codecs as functions for generated code: cmd/uabingen writes
// codecs that call these for the fields of built-in types (package
// types/bincodec for namespace 0, and every companion package), so that
// generated code needs nothing private. Each is the codec the engine uses
// for the type with fast paths on (which Verify holds to the plan where the
// type has one).

import (
	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin/wire"
)

// AppendNodeID appends the OPC UA Binary encoding of the NodeId *v to w,
// exactly as the engine does. Errors are recorded with w.Fail.
func AppendNodeID(w *wire.Writer, v *types.NodeID) { appendNodeID(w, v) }

// ConsumeNodeID decodes one NodeId from r into *v, exactly as the engine
// does. Errors are recorded with r.Fail.
func ConsumeNodeID(r *wire.Reader, v *types.NodeID) { consumeNodeID(r, v) }

// AppendExpandedNodeID appends the OPC UA Binary encoding of the ExpandedNodeId *v to w,
// exactly as the engine does. Errors are recorded with w.Fail.
func AppendExpandedNodeID(w *wire.Writer, v *types.ExpandedNodeID) { appendExpandedNodeID(w, v) }

// ConsumeExpandedNodeID decodes one ExpandedNodeId from r into *v, exactly as the engine
// does. Errors are recorded with r.Fail.
func ConsumeExpandedNodeID(r *wire.Reader, v *types.ExpandedNodeID) { consumeExpandedNodeID(r, v) }

// AppendVariant appends the OPC UA Binary encoding of the Variant *v to w,
// exactly as the engine does. Errors are recorded with w.Fail.
func AppendVariant(w *wire.Writer, v *types.Variant) { appendVariant(w, v) }

// ConsumeVariant decodes one Variant from r into *v, exactly as the engine
// does. Errors are recorded with r.Fail.
func ConsumeVariant(r *wire.Reader, v *types.Variant) { consumeVariant(r, v) }

// AppendExtensionObject appends the OPC UA Binary encoding of the ExtensionObject *v to w,
// exactly as the engine does. Errors are recorded with w.Fail.
func AppendExtensionObject(w *wire.Writer, v *types.ExtensionObject) { appendExtensionObject(w, v) }

// ConsumeExtensionObject decodes one ExtensionObject from r into *v, exactly as the engine
// does. Errors are recorded with r.Fail.
func ConsumeExtensionObject(r *wire.Reader, v *types.ExtensionObject) { consumeExtensionObject(r, v) }

// AppendGUID appends the OPC UA Binary encoding of the Guid *v to w,
// exactly as the engine does. Errors are recorded with w.Fail.
func AppendGUID(w *wire.Writer, v *types.GUID) { appendGUID(w, v) }

// ConsumeGUID decodes one Guid from r into *v, exactly as the engine
// does. Errors are recorded with r.Fail.
func ConsumeGUID(r *wire.Reader, v *types.GUID) { consumeGUID(r, v) }

// AppendQualifiedName appends the OPC UA Binary encoding of the QualifiedName *v to w,
// exactly as the engine does. Errors are recorded with w.Fail.
func AppendQualifiedName(w *wire.Writer, v *types.QualifiedName) { appendQualifiedName(w, v) }

// ConsumeQualifiedName decodes one QualifiedName from r into *v, exactly as the engine
// does. Errors are recorded with r.Fail.
func ConsumeQualifiedName(r *wire.Reader, v *types.QualifiedName) { consumeQualifiedName(r, v) }

// AppendLocalizedText appends the OPC UA Binary encoding of the LocalizedText *v to w,
// exactly as the engine does. Errors are recorded with w.Fail.
func AppendLocalizedText(w *wire.Writer, v *types.LocalizedText) { appendLocalizedText(w, v) }

// ConsumeLocalizedText decodes one LocalizedText from r into *v, exactly as the engine
// does. Errors are recorded with r.Fail.
func ConsumeLocalizedText(r *wire.Reader, v *types.LocalizedText) { consumeLocalizedText(r, v) }

// AppendDataValue appends the OPC UA Binary encoding of the DataValue *v to w,
// exactly as the engine does. Errors are recorded with w.Fail.
func AppendDataValue(w *wire.Writer, v *types.DataValue) { appendDataValue(w, v) }

// ConsumeDataValue decodes one DataValue from r into *v, exactly as the engine
// does. Errors are recorded with r.Fail.
func ConsumeDataValue(r *wire.Reader, v *types.DataValue) { consumeDataValue(r, v) }

// AppendDiagnosticInfo appends the OPC UA Binary encoding of the DiagnosticInfo *v to w,
// exactly as the engine does. Errors are recorded with w.Fail.
func AppendDiagnosticInfo(w *wire.Writer, v *types.DiagnosticInfo) { appendDiagnosticInfo(w, v) }

// ConsumeDiagnosticInfo decodes one DiagnosticInfo from r into *v, exactly as the engine
// does. Errors are recorded with r.Fail.
func ConsumeDiagnosticInfo(r *wire.Reader, v *types.DiagnosticInfo) { consumeDiagnosticInfo(r, v) }
