//go:build !purego

#include "textflag.h"

// func hasAESNI() bool
TEXT ·hasAESNI(SB), NOSPLIT, $0-1
	MOVL $1, AX
	XORL CX, CX
	CPUID
	SHRL $25, CX
	ANDL $1, CX
	MOVB CX, ret+0(FP)
	RET

// func decryptCBC(nr int, dk *[15][16]byte, iv *[16]byte, buf *byte, n int)
//
// X0-X7: eight blocks in flight; X8: the ciphertext block before them;
// X9: the round key; X10, X11: scratch. Every ciphertext block an XOR
// needs is read before the group's plaintext is stored (in place).
TEXT ·decryptCBC(SB), NOSPLIT, $0-40
	MOVQ nr+0(FP), R8
	MOVQ dk+8(FP), R9
	MOVQ iv+16(FP), DX
	MOVQ buf+24(FP), SI
	MOVQ n+32(FP), BX
	MOVOU (DX), X8
	CMPQ BX, $128
	JB   tail

loop8:
	MOVOU 0(SI), X0
	MOVOU 16(SI), X1
	MOVOU 32(SI), X2
	MOVOU 48(SI), X3
	MOVOU 64(SI), X4
	MOVOU 80(SI), X5
	MOVOU 96(SI), X6
	MOVOU 112(SI), X7
	MOVQ  R9, AX
	MOVOU (AX), X9
	PXOR  X9, X0
	PXOR  X9, X1
	PXOR  X9, X2
	PXOR  X9, X3
	PXOR  X9, X4
	PXOR  X9, X5
	PXOR  X9, X6
	PXOR  X9, X7
	ADDQ  $16, AX
	MOVQ  R8, CX
	DECQ  CX

rounds8:
	MOVOU  (AX), X9
	AESDEC X9, X0
	AESDEC X9, X1
	AESDEC X9, X2
	AESDEC X9, X3
	AESDEC X9, X4
	AESDEC X9, X5
	AESDEC X9, X6
	AESDEC X9, X7
	ADDQ   $16, AX
	DECQ   CX
	JNZ    rounds8
	MOVOU      (AX), X9
	AESDECLAST X9, X0
	AESDECLAST X9, X1
	AESDECLAST X9, X2
	AESDECLAST X9, X3
	AESDECLAST X9, X4
	AESDECLAST X9, X5
	AESDECLAST X9, X6
	AESDECLAST X9, X7
	PXOR       X8, X0
	MOVOU      0(SI), X10
	PXOR       X10, X1
	MOVOU      16(SI), X10
	PXOR       X10, X2
	MOVOU      32(SI), X10
	PXOR       X10, X3
	MOVOU      48(SI), X10
	PXOR       X10, X4
	MOVOU      64(SI), X10
	PXOR       X10, X5
	MOVOU      80(SI), X10
	PXOR       X10, X6
	MOVOU      96(SI), X10
	PXOR       X10, X7
	MOVOU      112(SI), X8
	MOVOU      X0, 0(SI)
	MOVOU      X1, 16(SI)
	MOVOU      X2, 32(SI)
	MOVOU      X3, 48(SI)
	MOVOU      X4, 64(SI)
	MOVOU      X5, 80(SI)
	MOVOU      X6, 96(SI)
	MOVOU      X7, 112(SI)
	ADDQ       $128, SI
	SUBQ       $128, BX
	CMPQ       BX, $128
	JAE        loop8

tail:
	TESTQ BX, BX
	JZ    done

loop1:
	MOVOU (SI), X0
	MOVO  X0, X11
	MOVQ  R9, AX
	MOVOU (AX), X9
	PXOR  X9, X0
	ADDQ  $16, AX
	MOVQ  R8, CX
	DECQ  CX

rounds1:
	MOVOU  (AX), X9
	AESDEC X9, X0
	ADDQ   $16, AX
	DECQ   CX
	JNZ    rounds1
	MOVOU      (AX), X9
	AESDECLAST X9, X0
	PXOR       X8, X0
	MOVO       X11, X8
	MOVOU      X0, (SI)
	ADDQ       $16, SI
	SUBQ       $16, BX
	JNZ        loop1

done:
	RET

// func encryptCBC(nr int, ek *[15][16]byte, iv *[16]byte, buf *byte, n int)
//
// X0: the block; X1: the previous ciphertext, then scratch; the round keys
// 1 to nr-1 end at X14 (AES-256: X2-X14, AES-192: X4-X14, AES-128:
// X6-X14) and the last is X15, so that every key size enters the one
// chain of AESENCs at its place; round key 0 is XORed from memory (X16 is
// not available without AVX-512).
TEXT ·encryptCBC(SB), NOSPLIT, $0-40
	MOVQ  nr+0(FP), R8
	MOVQ  ek+8(FP), R9
	MOVQ  iv+16(FP), DX
	MOVQ  buf+24(FP), SI
	MOVQ  n+32(FP), BX
	MOVOU (DX), X1
	MOVQ  R8, AX
	SHLQ  $4, AX
	MOVOU (R9)(AX*1), X15   // the last round key
	MOVOU -16(R9)(AX*1), X14
	MOVOU -32(R9)(AX*1), X13
	MOVOU -48(R9)(AX*1), X12
	MOVOU -64(R9)(AX*1), X11
	MOVOU -80(R9)(AX*1), X10
	MOVOU -96(R9)(AX*1), X9
	MOVOU -112(R9)(AX*1), X8
	MOVOU -128(R9)(AX*1), X7
	MOVOU -144(R9)(AX*1), X6
	CMPQ  R8, $10
	JEQ   encloop
	MOVOU -160(R9)(AX*1), X5
	MOVOU -176(R9)(AX*1), X4
	CMPQ  R8, $12
	JEQ   encloop
	MOVOU -192(R9)(AX*1), X3
	MOVOU -208(R9)(AX*1), X2

encloop:
	MOVOU (SI), X0
	PXOR  X1, X0
	MOVOU (R9), X1
	PXOR  X1, X0
	CMPQ  R8, $12
	JB    enc10
	JEQ   enc12
	AESENC X2, X0
	AESENC X3, X0

enc12:
	AESENC X4, X0
	AESENC X5, X0

enc10:
	AESENC     X6, X0
	AESENC     X7, X0
	AESENC     X8, X0
	AESENC     X9, X0
	AESENC     X10, X0
	AESENC     X11, X0
	AESENC     X12, X0
	AESENC     X13, X0
	AESENC     X14, X0
	AESENCLAST X15, X0
	MOVOU      X0, (SI)
	MOVO       X0, X1
	ADDQ       $16, SI
	SUBQ       $16, BX
	JNZ        encloop
	RET
