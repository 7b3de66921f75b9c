package types

// ByteString is an OPC UA ByteString (Part 6 §5.2.2.7). A plain []byte is
// encoded the same way; this named type exists for its String method and
// for clarity in Variants. nil is the null ByteString.
type ByteString []byte
