package metadata

// Record is Metadata as jt's JSON outputs write it: every key present, ""
// or [] when the page does not say, so that every record of a corpus has
// the same shape.
type Record struct {
	Title       string   `json:"title"`
	Author      string   `json:"author"`
	Date        string   `json:"date"`
	Modified    string   `json:"modified"`
	SiteName    string   `json:"sitename"`
	Description string   `json:"description"`
	URL         string   `json:"url"`
	Lang        string   `json:"lang"`
	Image       string   `json:"image"`
	Categories  []string `json:"categories"`
	Tags        []string `json:"tags"`
	PageType    string   `json:"pagetype"`
}

// Record returns m as a Record.
func (m Metadata) Record() Record {
	r := Record{
		Title: m.Title, Author: m.Author, Date: m.Date, Modified: m.Modified, SiteName: m.SiteName,
		Description: m.Description, URL: m.URL, Lang: m.Lang, Image: m.Image,
		Categories: m.Categories, Tags: m.Tags, PageType: m.PageType,
	}
	if r.Categories == nil {
		r.Categories = []string{}
	}
	if r.Tags == nil {
		r.Tags = []string{}
	}
	return r
}
