module github.com/jtextract/jt

go 1.26.0

require (
	github.com/cespare/xxhash/v2 v2.3.0
	github.com/klauspost/compress v1.20.3
	golang.org/x/net v0.62.0
	golang.org/x/term v0.47.0
	golang.org/x/text v0.43.0
)

require golang.org/x/sys v0.49.0 // indirect
