package pubsub

// WriteSecurityAsIs makes e, an Encoder without Config.Security, write
// m.Security as it is and no signature, as no Encoder of a program can: the
// grid test compares the SecurityHeader layout with open62541's bytes,
// which carry the header and no signature.
func WriteSecurityAsIs(e *Encoder) { e.rawSecurity = true }
