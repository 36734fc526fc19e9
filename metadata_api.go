package jt

import "github.com/jtextract/jt/metadata"

// Metadata is what a page says about itself: title (the headline without
// the site's name), author, publication and modification dates, site
// name, description, canonical URL, language, image, categories and tags.
// It is the metadata package's type, named here so that users of jt need
// not import that package; see there for the sources and rules.
type Metadata = metadata.Metadata

// WithMetadata sets whether the Extractor reads each page's metadata in
// the same pass as its text, for Document.Metadata (default false). It
// is off by default because it costs time: collecting it adds about
// 10–15% to an "auto" extraction and 25–30% to a "justext" one, and
// resolving it (the first Document.Metadata call) about 5% more, as
// TestMetadataCost measures on the shared pages. It adds no allocation
// to the pass.
func WithMetadata(on bool) Option {
	return func(c *config) error {
		c.meta = on
		return nil
	}
}

// Metadata returns the page's metadata, resolved from what the pass
// collected and the Page's URL (given to ExtractPage). It is worked out on
// the first call, so that an extraction that never asks pays only for
// the collection; each call returns a Metadata of its own, which stays
// valid after the Extractor's next call. It is the zero Metadata unless
// the Extractor was made WithMetadata(true). Its PageType is the "auto"
// algorithm's judgement (see PageType), empty for the other algorithms.
func (d *Document) Metadata() Metadata {
	if d.meta == nil {
		return Metadata{}
	}
	m := d.meta.Finish()
	m.PageType, _ = d.PageType()
	return m
}
