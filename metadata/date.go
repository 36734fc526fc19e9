package metadata

// Reading dates: ISO 8601 and its common variants, RFC 1123, numeric
// day-month-year forms that are not ambiguous, and English, German,
// French, Spanish, Italian, Portuguese and Dutch month names. A date must
// name its day: a year alone (a copyright notice) or a month is no date.

// Years accepted as publication dates.
const (
	minYear = 1990
	maxYear = 2100
)

// appendDate parses the date at the start of s (after leading white
// space and words such as "Published:") and appends it to dst in ISO 8601
// form: YYYY-MM-DD, with "Thh:mm:ss" and the zone when s is an ISO 8601
// timestamp. It returns dst unchanged and false when s holds no complete
// date. With anywhere, the date may be further into s.
func appendDate(dst, s []byte, anywhere bool) ([]byte, bool) {
	if !hasYear(s) {
		return dst, false
	}
	for i := 0; i < len(s); i++ {
		if i > 0 && isAlnum(s[i-1]) {
			continue
		}
		if out, ok := dateAt(dst, s[i:]); ok {
			return out, true
		}
		if !anywhere && i > 40 {
			break
		}
	}
	return dst, false
}

// dateAt parses a date that starts exactly at s[0].
func dateAt(dst, s []byte) ([]byte, bool) {
	if len(s) == 0 {
		return dst, false
	}
	if isDigit(s[0]) {
		return numericDate(dst, s)
	}
	if isLetter(s[0]) {
		return wordDate(dst, s)
	}
	return dst, false
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' || c >= 0x80 }
func isAlnum(c byte) bool  { return isDigit(c) || isLetter(c) }

// digits returns the number made by the digits at the start of s and how
// many there are.
func digits(s []byte) (v, n int) {
	for n < len(s) && n < 9 && isDigit(s[n]) {
		v = v*10 + int(s[n]-'0')
		n++
	}
	return v, n
}

func validDay(y, m, d int) bool {
	if y < minYear || y > maxYear || m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [...]int{31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && !(y%4 == 0 && (y%100 != 0 || y%400 == 0)) {
		days = 28
	}
	return d <= days
}

func appendYMD(dst []byte, y, m, d int) []byte {
	return append(dst, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-',
		byte('0'+m/10), byte('0'+m%10), '-', byte('0'+d/10), byte('0'+d%10))
}

// numericDate parses YYYY-MM-DD (also with / or . or no separator, and an
// ISO time after it), DD.MM.YYYY, and DD/MM/YYYY or MM/DD/YYYY when only
// one reading is a date.
func numericDate(dst, s []byte) ([]byte, bool) {
	var lb [16]byte
	a, na := digits(s)
	if na == 8 { // YYYYMMDD
		y, m, d := a/10000, a/100%100, a%100
		if validDay(y, m, d) && (len(s) == 8 || !isAlnum(s[8])) {
			return appendYMD(dst, y, m, d), true
		}
		return dst, false
	}
	if na == 4 && len(s) > 5 && (s[4] == '-' || s[4] == '/' || s[4] == '.') {
		sep := s[4]
		m, nm := digits(s[5:])
		if nm < 1 || nm > 2 || len(s) <= 5+nm || s[5+nm] != sep {
			return dst, false
		}
		d, nd := digits(s[6+nm:])
		end := 6 + nm + nd
		if nd < 1 || nd > 2 || !validDay(a, m, d) || end < len(s) && isDigit(s[end]) {
			return dst, false
		}
		dst = appendYMD(dst, a, m, d)
		if sep == '-' && nm == 2 && nd == 2 {
			dst = appendISOTime(dst, s[end:])
		}
		return dst, true
	}
	if (na == 1 || na == 2) && len(s) > na+1 && (s[na] == '.' || s[na] == '/' || s[na] == '-') && isDigit(s[na+1]) {
		sep := s[na]
		b, nb := digits(s[na+1:])
		if nb < 1 || nb > 2 || len(s) <= na+1+nb || s[na+1+nb] != sep {
			return dst, false
		}
		y, ny := digits(s[na+2+nb:])
		if ny != 4 || len(s) > na+2+nb+4 && isDigit(s[na+2+nb+4]) {
			return dst, false
		}
		dm := validDay(y, b, a) // day first
		md := validDay(y, a, b) // month first
		switch {
		case sep == '.' && dm: // 17.05.2024 is day first
			return appendYMD(dst, y, b, a), true
		case dm && !md:
			return appendYMD(dst, y, b, a), true
		case md && !dm:
			return appendYMD(dst, y, a, b), true
		case md && dm && a == b:
			return appendYMD(dst, y, a, a), true
		}
		return dst, false
	}
	// "17 May 2024", "17. Mai 2024", "17th of May, 2024"
	if (na == 1 || na == 2) && a >= 1 && a <= 31 {
		rest := s[na:]
		rest = skipOrdinal(rest)
		rest = skipSeps(rest)
		if w, n := wordAt(rest); n > 0 && (string(lowerInto(&lb, w)) == "of" || string(lowerInto(&lb, w)) == "de") {
			rest = skipSeps(rest[n:])
		}
		m, n := monthAt(rest)
		if m == 0 {
			return dst, false
		}
		rest = skipSeps(rest[n:])
		if w, n := wordAt(rest); n > 0 && (string(lowerInto(&lb, w)) == "de" || string(lowerInto(&lb, w)) == "del") {
			rest = skipSeps(rest[n:])
		}
		y, ny := digits(rest)
		if ny != 4 || len(rest) > 4 && isDigit(rest[4]) || !validDay(y, m, a) {
			return dst, false
		}
		return appendYMD(dst, y, m, a), true
	}
	return dst, false
}

// wordDate parses "May 17, 2024", "May 17th 2024", "Friday, May 17,
// 2024" and RFC 1123's "Fri, 17 May 2024".
func wordDate(dst, s []byte) ([]byte, bool) {
	var lb [16]byte
	// A weekday first is skipped.
	if w, n := wordAt(s); n > 0 && weekday(lowerInto(&lb, w)) {
		rest := skipSeps(s[n:])
		if len(rest) > 0 && isDigit(rest[0]) {
			return numericDate(dst, rest)
		}
		s = rest
	}
	m, n := monthAt(s)
	if m == 0 {
		return dst, false
	}
	rest := skipSeps(s[n:])
	d, nd := digits(rest)
	if nd < 1 || nd > 2 {
		return dst, false
	}
	rest = skipSeps(skipOrdinal(rest[nd:]))
	y, ny := digits(rest)
	if ny != 4 || len(rest) > 4 && isDigit(rest[4]) || !validDay(y, m, d) {
		return dst, false
	}
	return appendYMD(dst, y, m, d), true
}

// appendISOTime appends the "Thh:mm[:ss][.fff][zone]" that s starts with,
// if it does, as "Thh:mm:ss" and the zone ("Z" or "±hh:mm").
func appendISOTime(dst, s []byte) []byte {
	if len(s) < 6 || s[0] != 'T' && s[0] != ' ' && s[0] != 't' {
		return dst
	}
	h, nh := digits(s[1:])
	if nh != 2 || h > 23 || len(s) < 6 || s[3] != ':' {
		return dst
	}
	mi, nm := digits(s[4:])
	if nm != 2 || mi > 59 {
		return dst
	}
	p, sec := 6, 0
	if len(s) > p+2 && s[p] == ':' {
		v, n := digits(s[p+1:])
		if n != 2 || v > 60 {
			return dst
		}
		sec, p = v, p+3
		if len(s) > p && (s[p] == '.' || s[p] == ',') {
			p++
			for p < len(s) && isDigit(s[p]) {
				p++
			}
		}
	}
	if h == 0 && mi == 0 && sec == 0 && (len(s) == p || s[p] == 'Z' || s[p] == '+' || s[p] == '-') {
		// Midnight is what most CMSs write for a date without a time:
		// the day is known, the time is not.
		return dst
	}
	dst = append(dst, 'T', byte('0'+h/10), byte('0'+h%10), ':', byte('0'+mi/10), byte('0'+mi%10), ':', byte('0'+sec/10), byte('0'+sec%10))
	switch {
	case p < len(s) && (s[p] == 'Z' || s[p] == 'z'):
		dst = append(dst, 'Z')
	case p+2 < len(s) && (s[p] == '+' || s[p] == '-'):
		zh, nzh := digits(s[p+1:])
		if nzh == 4 {
			dst = append(dst, s[p], s[p+1], s[p+2], ':', s[p+3], s[p+4])
		} else if nzh == 2 && zh <= 14 {
			zm := 0
			if p+5 < len(s) && s[p+3] == ':' {
				if v, n := digits(s[p+4:]); n == 2 {
					zm = v
				}
			}
			dst = append(dst, s[p], byte('0'+zh/10), byte('0'+zh%10), ':', byte('0'+zm/10), byte('0'+zm%10))
		}
	}
	return dst
}

// skipSeps skips spaces, commas, dots and hyphens between date parts.
func skipSeps(s []byte) []byte {
	for len(s) > 0 && (s[0] == ' ' || s[0] == ',' || s[0] == '.' || s[0] == '-' || s[0] == '/' || s[0] == '\t' || s[0] == '\n') {
		s = s[1:]
	}
	if len(s) > 1 && s[0] == 0xc2 && s[1] == 0xa0 { // no-break space
		return skipSeps(s[2:])
	}
	return s
}

// skipOrdinal skips "st", "nd", "rd", "th", "er", "e", "º" after a day.
func skipOrdinal(s []byte) []byte {
	var lb [16]byte
	if len(s) >= 2 {
		switch string(lowerInto(&lb, s[:2])) {
		case "st", "nd", "rd", "th", "er":
			if len(s) == 2 || !isLetter(s[2]) {
				return s[2:]
			}
		}
	}
	if len(s) >= 2 && s[0] == 0xc2 && s[1] == 0xba { // º
		return s[2:]
	}
	return s
}

// wordAt returns the word (letters, including non-ASCII) at the start of
// s, and its length.
func wordAt(s []byte) ([]byte, int) {
	n := 0
	for n < len(s) && isLetter(s[n]) {
		n++
	}
	return s[:n], n
}

// lowerInto lower-cases an ASCII word into buf, nil if it is longer.
func lowerInto(buf *[16]byte, w []byte) []byte {
	if len(w) > len(buf) {
		return nil
	}
	out := buf[:len(w)]
	for i, c := range w {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// monthAt returns the month (1-12) named by the word at the start of s,
// or 0, and the bytes used (with an abbreviation's dot).
func monthAt(s []byte) (int, int) {
	var lb [16]byte
	w, n := wordAt(s)
	if n < 3 {
		return 0, 0
	}
	m := monthName(lowerInto(&lb, w))
	if m == 0 {
		return 0, 0
	}
	if n < len(s) && s[n] == '.' {
		n++
	}
	return m, n
}

// monthName returns the month a lower-case name or abbreviation names.
func monthName(w []byte) int {
	switch string(w) {
	case "january", "jan", "januar", "janvier", "enero", "gennaio", "janeiro", "januari", "jänner":
		return 1
	case "february", "feb", "febr", "februar", "février", "fevrier", "febrero", "febbraio", "fevereiro", "februari":
		return 2
	case "march", "mar", "märz", "maerz", "mars", "marzo", "março", "marco", "maart":
		return 3
	case "april", "apr", "avril", "abril", "aprile":
		return 4
	case "may", "mai", "mayo", "maggio", "maio", "mei":
		return 5
	case "june", "jun", "juni", "juin", "junio", "giugno", "junho":
		return 6
	case "july", "jul", "juli", "juillet", "julio", "luglio", "julho":
		return 7
	case "august", "aug", "août", "aout", "agosto", "augustus":
		return 8
	case "september", "sep", "sept", "septembre", "septiembre", "settembre", "setembro":
		return 9
	case "october", "oct", "oktober", "octobre", "octubre", "ottobre", "outubro", "okt":
		return 10
	case "november", "nov", "novembre", "noviembre", "novembro":
		return 11
	case "december", "dec", "dezember", "décembre", "decembre", "diciembre", "dicembre", "dezembro", "dez":
		return 12
	}
	return 0
}

func weekday(w []byte) bool {
	switch string(w) {
	case "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
		"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun":
		return true
	}
	return false
}

// urlDate finds a /YYYY/MM/DD/ (or -YYYY-MM-DD-, /YYYYMMDD/, with the
// month's name /YYYY/mon/DD/) date in a URL's path.
func urlDate(dst []byte, u string) ([]byte, bool) {
	// Skip the scheme and host.
	if i := indexString(u, "://"); i >= 0 {
		u = u[i+3:]
		if j := indexByteString(u, '/'); j >= 0 {
			u = u[j:]
		} else {
			return dst, false
		}
	}
	if j := indexByteString(u, '?'); j >= 0 {
		u = u[:j]
	}
	for i := 0; i+10 <= len(u); i++ {
		if u[i] != '/' && u[i] != '-' && u[i] != '_' {
			continue
		}
		s := u[i+1:]
		y, ny := digitsString(s)
		if ny != 4 || len(s) < 10 {
			continue
		}
		sep := s[4]
		if sep != '/' && sep != '-' && sep != '_' {
			continue
		}
		m, nm := digitsString(s[5:])
		if nm == 0 {
			// The month's name: /2023/oct/03/, /2023/october/3/.
			if m, d, ok := namedMonthDay(s[5:], sep); ok && validDay(y, m, d) {
				return appendYMD(dst, y, m, d), true
			}
			continue
		}
		if nm != 2 || len(s) < 8+2 || s[7] != sep {
			continue
		}
		d, nd := digitsString(s[8:])
		if nd != 2 || len(s) > 10 && isDigit(s[10]) || !validDay(y, m, d) {
			continue
		}
		return appendYMD(dst, y, m, d), true
	}
	return dst, false
}

// namedMonthDay reads "oct/03" or "october/3" (sep between them) at the
// start of s: a month's name or abbreviation, then its day, one or two
// digits ending the segment.
func namedMonthDay(s string, sep byte) (m, d int, ok bool) {
	var buf [16]byte
	n := 0
	for n < len(s) && n < len(buf) && ('a' <= s[n]|0x20 && s[n]|0x20 <= 'z') {
		buf[n] = s[n] | 0x20
		n++
	}
	if n < 3 || n >= len(s) || s[n] != sep {
		return 0, 0, false
	}
	if m = monthName(buf[:n]); m == 0 {
		return 0, 0, false
	}
	d, nd := digitsString(s[n+1:])
	if nd < 1 || nd > 2 || n+1+nd < len(s) && isAlnum(s[n+1+nd]) {
		return 0, 0, false
	}
	return m, d, true
}

func digitsString(s string) (v, n int) {
	for n < len(s) && n < 9 && isDigit(s[n]) {
		v = v*10 + int(s[n]-'0')
		n++
	}
	return v, n
}

func indexString(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func indexByteString(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// isDate reports whether a date starts at s[0].
func isDate(s []byte) bool {
	var buf [48]byte
	_, ok := dateAt(buf[:0], s)
	return ok
}

// dateStart returns where the first date in s starts (at a word's
// start), or -1.
func dateStart(s []byte) int {
	if !hasYear(s) {
		return -1
	}
	for i := range s {
		if (i == 0 || !isAlnum(s[i-1])) && isDate(s[i:]) {
			return i
		}
	}
	return -1
}

// dateLen returns the length of the date s starts with, or 0.
func dateLen(s []byte) int {
	if !isDate(s) {
		return 0
	}
	for n := 6; n < len(s) && n <= 48; n++ {
		if isDate(s[:n]) {
			return n
		}
	}
	return len(s)
}

// hasYear reports whether s has a run of four digits or more, which
// every complete date has: most texts with digits are not dates.
func hasYear(s []byte) bool {
	run := 0
	for _, c := range s {
		if '0' <= c && c <= '9' {
			if run++; run == 4 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}
