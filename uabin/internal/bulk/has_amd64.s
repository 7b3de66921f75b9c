//go:build amd64 && !purego

#include "textflag.h"

// An element compares unordered with itself exactly when it is a NaN
// (predicate 3, UNORD): the masks of eight Doubles (sixteen Floats) per
// round are or-ed into two accumulators, the rest one at a time, and the
// sign bits of the accumulated masks give the answer.

// func Has64(s []float64) bool
TEXT ·Has64(SB), NOSPLIT, $0-25
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	XORPD X0, X0
	XORPD X1, X1
	CMPQ CX, $8
	JB tail64
loop64:
	MOVUPD 0(SI), X2
	MOVUPD 16(SI), X3
	MOVUPD 32(SI), X4
	MOVUPD 48(SI), X5
	CMPPD X2, X2, $3
	CMPPD X3, X3, $3
	CMPPD X4, X4, $3
	CMPPD X5, X5, $3
	ORPD X2, X0
	ORPD X3, X1
	ORPD X4, X0
	ORPD X5, X1
	ADDQ $64, SI
	SUBQ $8, CX
	CMPQ CX, $8
	JAE loop64
tail64:
	ORPD X1, X0
	TESTQ CX, CX
	JEQ done64
one64:
	MOVSD 0(SI), X2
	CMPSD X2, X2, $3
	ORPD X2, X0
	ADDQ $8, SI
	DECQ CX
	JNE one64
done64:
	MOVMSKPD X0, AX
	TESTL AX, AX
	SETNE ret+24(FP)
	RET

// func Has32(s []float32) bool
TEXT ·Has32(SB), NOSPLIT, $0-25
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	XORPS X0, X0
	XORPS X1, X1
	CMPQ CX, $16
	JB tail32
loop32:
	MOVUPS 0(SI), X2
	MOVUPS 16(SI), X3
	MOVUPS 32(SI), X4
	MOVUPS 48(SI), X5
	CMPPS X2, X2, $3
	CMPPS X3, X3, $3
	CMPPS X4, X4, $3
	CMPPS X5, X5, $3
	ORPS X2, X0
	ORPS X3, X1
	ORPS X4, X0
	ORPS X5, X1
	ADDQ $64, SI
	SUBQ $16, CX
	CMPQ CX, $16
	JAE loop32
tail32:
	ORPS X1, X0
	TESTQ CX, CX
	JEQ done32
one32:
	MOVSS 0(SI), X2
	CMPSS X2, X2, $3
	ORPS X2, X0
	ADDQ $4, SI
	DECQ CX
	JNE one32
done32:
	MOVMSKPS X0, AX
	TESTL AX, AX
	SETNE ret+24(FP)
	RET
