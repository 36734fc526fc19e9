package charset_test

import (
	"fmt"

	"github.com/jtextract/jt/charset"
)

func Example() {
	d, err := charset.NewDecoder()
	if err != nil {
		fmt.Println(err)
		return
	}
	page := []byte("<meta charset=iso-8859-1><p>Caf\xe9 cr\xe8me</p>")

	// With no label from the transport, the <meta> declaration decides;
	// iso-8859-1 means windows-1252 in HTML.
	text, res, err := d.Decode(page, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s (%s from %s)\n", text, res.Encoding, res.Source)

	// A label from an HTTP header outranks the document's declaration.
	label := charset.LabelFromContentType(`text/html; charset="UTF-8"`)
	text, res, _ = d.Decode(page, label)
	fmt.Printf("%s (%s from %s, replaced %v)\n", text, res.Encoding, res.Source, res.Replaced)
	// Output:
	// <meta charset=iso-8859-1><p>Café crème</p> (windows-1252 from meta)
	// <meta charset=iso-8859-1><p>Caf� cr�me</p> (utf-8 from caller, replaced true)
}
