package charset

// IsSingleByte exposes isSingleByte to the external tests.
var IsSingleByte = isSingleByte
