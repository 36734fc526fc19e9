package inflate

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strings"
	"testing"
)

// trailer returns the gzip trailer of data.
func trailer(data []byte) []byte {
	return binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(data)), uint32(len(data)))
}

// member builds a gzip member: flags, the optional fields as given, the
// header CRC when hcrc, a deflate stream of data, and a trailer.
func member(t *testing.T, flg byte, extra, name, comment string, hcrc bool, data []byte) []byte {
	b := []byte{0x1f, 0x8b, 8, flg, 1, 2, 3, 4, 0, 3}
	if flg&flagExtra != 0 {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(extra)))
		b = append(b, extra...)
	}
	if flg&flagName != 0 {
		b = append(append(b, name...), 0)
	}
	if flg&flagComment != 0 {
		b = append(append(b, comment...), 0)
	}
	if hcrc {
		b = binary.LittleEndian.AppendUint16(b, uint16(crc32.ChecksumIEEE(b)))
	}
	b = append(b, deflate(t, data, 6)...)
	return append(b, trailer(data)...)
}

// TestGunzip checks gzip member framing against both references.
func TestGunzip(t *testing.T) {
	data := []byte(strings.Repeat("gzip member framing. ", 50))
	all := byte(flagExtra | flagName | flagComment | flagHCRC)
	badCRC := member(t, 0, "", "", "", false, data)
	badCRC[len(badCRC)-8] ^= 1
	badSize := member(t, 0, "", "", "", false, data)
	badSize[len(badSize)-4] ^= 1
	badHCRC := member(t, all, "xx", "n", "c", true, data)
	badHCRC[10+2+2+2+2] ^= 1
	cases := []struct {
		name string
		src  []byte
		err  error
	}{
		{"plain", member(t, 0, "", "", "", false, data), nil},
		{"every optional field", member(t, all, "extra field", "file.warc", "a comment", true, data), nil},
		{"empty", member(t, 0, "", "", "", false, nil), nil},
		{"name of 511 bytes", member(t, flagName, "", strings.Repeat("n", 511), "", false, data), nil},
		{"Latin-1 name", member(t, flagName, "", "caf\xe9", "", false, data), nil},
		{"name of 512 bytes", member(t, flagName, "", strings.Repeat("n", 512), "", false, data), ErrHeader},
		{"comment of 512 bytes", member(t, flagComment, "", "", strings.Repeat("c", 512), false, data), ErrHeader},
		{"header CRC mismatch", badHCRC, ErrHeader},
		{"reserved flag", member(t, 0x20, "", "", "", false, data), ErrHeader},
		{"method 7", append([]byte{0x1f, 0x8b, 7}, member(t, 0, "", "", "", false, data)[3:]...), ErrHeader},
		{"not gzip", []byte("WARC/1.0\r\n"), ErrHeader},
		{"CRC-32 mismatch", badCRC, ErrChecksum},
		{"length mismatch", badSize, ErrChecksum},
	}
	d := NewDecoder(1 << 20)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := differential(c.src, d.Limit(), func(src []byte) ([]byte, int, error) { return d.Gunzip(nil, src) }, referenceGzip); err != nil {
				t.Fatal(err)
			}
			out, n, err := d.Gunzip([]byte("x"), c.src)
			switch {
			case c.err != nil && !errors.Is(err, c.err):
				t.Fatalf("error %v, want %v", err, c.err)
			case c.err == nil && (err != nil || !bytes.Equal(out[1:], data) && c.name != "empty" || n != len(c.src)):
				t.Fatalf("error %v, consumed %d of %d", err, n, len(c.src))
			}
		})
	}
	// Every cut of a member is rejected.
	src := member(t, all, "extra field", "file.warc", "a comment", true, data)
	for cut := range len(src) {
		if err := differential(src[:cut], d.Limit(), func(src []byte) ([]byte, int, error) { return d.Gunzip(nil, src) }, referenceGzip); err != nil {
			t.Fatalf("cut at %d: %v", cut, err)
		}
		if _, _, err := d.Gunzip(nil, src[:cut]); !errors.Is(err, ErrTruncated) {
			t.Fatalf("cut at %d: error %v, want ErrTruncated", cut, err)
		}
	}
	// Two members: each call takes one.
	two := append(member(t, 0, "", "", "", false, data[:10]), member(t, flagName, "", "second", "", false, data[10:20])...)
	out, n, err := d.Gunzip(nil, two)
	if err != nil {
		t.Fatal(err)
	}
	out, m, err := d.Gunzip(out, two[n:])
	if err != nil || n+m != len(two) || !bytes.Equal(out, data[:20]) {
		t.Fatalf("two members: %q, consumed %d+%d of %d, error %v", out, n, m, len(two), err)
	}
}
