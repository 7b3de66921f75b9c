package types

// DateTime is an OPC UA DateTime (Part 6 §5.1.4, §5.2.2.5): the number of
// 100 ns intervals since 1601-01-01T00:00:00Z, UTC. The zero value is the
// null DateTime (MinValue).
type DateTime int64
