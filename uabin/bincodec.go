package uabin

// The generated codecs of the standard structures (package types/bincodec,
// written by cmd/uabingen) register themselves as fast paths in
// fastpath.Default when the program starts; Options.DisableFastPaths
// switches them off.
import _ "github.com/uabin/uabin/types/bincodec"
