package render_test

import (
	"fmt"
	"log"

	"github.com/jtextract/jt"
	"github.com/jtextract/jt/render"
)

// A Document extracted with structure renders as Markdown: headings,
// emphasis, code and tables keep their form.
func Example() {
	ex, err := jt.New(jt.WithAlgorithm("auto"), jt.WithStructure(true))
	if err != nil {
		log.Fatal(err)
	}
	doc, err := ex.ExtractBytes([]byte(`<html><body><nav><a href="/">Home</a> <a href="/docs">Docs</a></nav>
<article><h1>Installing the tool</h1>
<p>The tool needs <strong>Go 1.26</strong> or later. Install it with the <code>go</code> command, then check its version:</p>
<pre><code class="language-sh">go install example.com/tool@latest
tool --version</code></pre>
<p>It reads the formats below, each from a file or from standard input when no file is named.</p>
<table><tr><th>Format</th><th>Extension</th></tr><tr><td>Markdown</td><td>.md</td></tr><tr><td>HTML</td><td>.html</td></tr></table>
</article><footer>© 2025 Example</footer></body></html>`))
	if err != nil {
		log.Fatal(err)
	}
	r := render.New(render.Options{})
	fmt.Printf("%s\n", r.Append(nil, doc, render.Markdown))
	// Output:
	// # Installing the tool
	//
	// The tool needs **Go 1.26** or later. Install it with the `go` command, then check its version:
	//
	// ```sh
	// go install example.com/tool@latest
	// tool --version
	// ```
	//
	// It reads the formats below, each from a file or from standard input when no file is named.
	//
	// | Format | Extension |
	// | --- | --- |
	// | Markdown | .md |
	// | HTML | .html |
}
