// Package render turns the main text of a jt.Document into bytes: plain
// text shaped by the page's structure, CommonMark Markdown with GitHub's
// tables, or a clean HTML fragment. It reads the structure the Extractor
// recorded (jt.WithStructure) and works on the good paragraphs only.
//
// A Renderer is reusable and appends to a caller's buffer, so a warm
// Renderer does not allocate:
//
//	r := render.New(render.Options{})
//	out = r.Append(out[:0], doc, render.Markdown)
//
// Tables whose cells hold short texts in two or more columns become tables;
// a table used for page layout (one column, headings or code in its cells,
// or long texts) is rendered as the paragraphs it holds.
package render
