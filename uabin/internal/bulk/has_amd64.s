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

// func hasAVX2() bool: CPUID.1:ECX has OSXSAVE (27) and AVX (28), XCR0
// enables the XMM and YMM state (bits 1, 2), and CPUID.(7,0):EBX has AVX2
// (bit 5).
TEXT ·hasAVX2(SB), NOSPLIT, $0-1
	MOVB $0, ret+0(FP)
	MOVL $1, AX
	XORL CX, CX
	CPUID
	MOVL CX, DX
	ANDL $0x18000000, DX
	CMPL DX, $0x18000000
	JNE  noavx2
	XORL CX, CX
	BYTE $0x0f; BYTE $0x01; BYTE $0xd0 // XGETBV
	ANDL $6, AX
	CMPL AX, $6
	JNE  noavx2
	MOVL $7, AX
	XORL CX, CX
	CPUID
	SHRL $5, BX
	ANDL $1, BX
	MOVB BX, ret+0(FP)
noavx2:
	RET

// The fused copies: the elements are loaded once, stored to dst and
// compared with themselves (UNORD) into two accumulators, 128 bytes per
// round in 256-bit registers, the rest one element at a time; memory speed
// for the copy and the NaN test together.

// func copyHas64AVX2(dst, src *byte, n int) bool
TEXT ·copyHas64AVX2(SB), NOSPLIT, $0-25
	MOVQ   dst+0(FP), DI
	MOVQ   src+8(FP), SI
	MOVQ   n+16(FP), CX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	CMPQ   CX, $16
	JB     tail64x

loop64x:
	VMOVUPD 0(SI), Y2
	VMOVUPD 32(SI), Y3
	VMOVUPD 64(SI), Y4
	VMOVUPD 96(SI), Y5
	VMOVUPD Y2, 0(DI)
	VMOVUPD Y3, 32(DI)
	VMOVUPD Y4, 64(DI)
	VMOVUPD Y5, 96(DI)
	VCMPPD  $3, Y2, Y2, Y2
	VCMPPD  $3, Y3, Y3, Y3
	VCMPPD  $3, Y4, Y4, Y4
	VCMPPD  $3, Y5, Y5, Y5
	VORPD   Y2, Y0, Y0
	VORPD   Y3, Y1, Y1
	VORPD   Y4, Y0, Y0
	VORPD   Y5, Y1, Y1
	ADDQ    $128, SI
	ADDQ    $128, DI
	SUBQ    $16, CX
	CMPQ    CX, $16
	JAE     loop64x

tail64x:
	VORPD        Y1, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VORPD        X1, X0, X0
	VZEROUPPER
	TESTQ        CX, CX
	JEQ          done64x

one64x:
	MOVSD 0(SI), X2
	MOVSD X2, 0(DI)
	CMPSD X2, X2, $3
	ORPD  X2, X0
	ADDQ  $8, SI
	ADDQ  $8, DI
	DECQ  CX
	JNE   one64x

done64x:
	MOVMSKPD X0, AX
	TESTL    AX, AX
	SETNE    ret+24(FP)
	RET

// func copyHas32AVX2(dst, src *byte, n int) bool
TEXT ·copyHas32AVX2(SB), NOSPLIT, $0-25
	MOVQ   dst+0(FP), DI
	MOVQ   src+8(FP), SI
	MOVQ   n+16(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	CMPQ   CX, $32
	JB     tail32x

loop32x:
	VMOVUPS 0(SI), Y2
	VMOVUPS 32(SI), Y3
	VMOVUPS 64(SI), Y4
	VMOVUPS 96(SI), Y5
	VMOVUPS Y2, 0(DI)
	VMOVUPS Y3, 32(DI)
	VMOVUPS Y4, 64(DI)
	VMOVUPS Y5, 96(DI)
	VCMPPS  $3, Y2, Y2, Y2
	VCMPPS  $3, Y3, Y3, Y3
	VCMPPS  $3, Y4, Y4, Y4
	VCMPPS  $3, Y5, Y5, Y5
	VORPS   Y2, Y0, Y0
	VORPS   Y3, Y1, Y1
	VORPS   Y4, Y0, Y0
	VORPS   Y5, Y1, Y1
	ADDQ    $128, SI
	ADDQ    $128, DI
	SUBQ    $32, CX
	CMPQ    CX, $32
	JAE     loop32x

tail32x:
	VORPS        Y1, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VORPS        X1, X0, X0
	VZEROUPPER
	TESTQ        CX, CX
	JEQ          done32x

one32x:
	MOVSS 0(SI), X2
	MOVSS X2, 0(DI)
	CMPSS X2, X2, $3
	ORPS  X2, X0
	ADDQ  $4, SI
	ADDQ  $4, DI
	DECQ  CX
	JNE   one32x

done32x:
	MOVMSKPS X0, AX
	TESTL    AX, AX
	SETNE    ret+24(FP)
	RET
