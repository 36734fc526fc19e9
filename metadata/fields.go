package metadata

import "bytes"

// field is what a meta tag's name, property or itemprop says its content
// is.
type field uint8

const (
	fNone field = iota
	fOGTitle
	fOGSiteName
	fOGType
	fOGURL
	fOGImage
	fOGDescription
	fOGLocale
	fTwitterTitle
	fTwitterImage
	fTwitterDescription
	fTitle       // dc.title, citation_title, parsely-title, sailthru.title, headline
	fAuthor      // author, dc.creator, citation_author, parsely-author, sailthru.author
	fOGAuthor    // article:author (often a profile URL)
	fPublished   // article:published_time and its kin: the strongest date metas
	fDate        // date, dc.date, citation_date, pubdate…: weaker date metas
	fModified    // article:modified_time, og:updated_time, dateModified…
	fDescription // description, dc.description
	fSiteName    // application-name, apple-mobile-web-app-title
	fSection     // article:section, parsely-section
	fTag         // article:tag, parsely-tags, sailthru.tags, news_keywords
	fKeywords    // keywords: the weakest source of tags
	fLang        // content-language, dc.language, inLanguage
	fImage       // itemprop image, thumbnail
	fURL         // itemprop url
	numFields
)

// fieldOf returns the field a meta name, property or itemprop names. key
// is lower-cased already.
func fieldOf(key []byte) field {
	switch string(key) {
	case "og:title":
		return fOGTitle
	case "og:site_name":
		return fOGSiteName
	case "og:type":
		return fOGType
	case "og:url":
		return fOGURL
	case "og:image", "og:image:url", "og:image:secure_url":
		return fOGImage
	case "og:description":
		return fOGDescription
	case "og:locale":
		return fOGLocale
	case "twitter:title":
		return fTwitterTitle
	case "twitter:image", "twitter:image:src":
		return fTwitterImage
	case "twitter:description":
		return fTwitterDescription
	case "dc.title", "dcterms.title", "citation_title", "parsely-title", "sailthru.title", "headline":
		return fTitle
	case "author", "dc.creator", "dcterms.creator", "citation_author", "parsely-author",
		"sailthru.author", "byl", "article.author", "creator", "dc.creator.author":
		return fAuthor
	case "article:author", "og:article:author":
		return fOGAuthor
	case "article:published_time", "og:article:published_time", "article:published",
		"article.published", "og:published_time", "datepublished", "parsely-pub-date",
		"article_date_original", "publication_date", "original-publish-date",
		"citation_publication_date", "citation_online_date", "dc.date.issued", "dcterms.issued",
		"publish-date", "publish_date", "publishdate", "published-date", "article:published_date",
		"sailthru.date", "uploaddate", "datecreated", "dcterms.created", "dc.date.created":
		return fPublished
	case "date", "dc.date", "dcterms.date", "citation_date", "pubdate", "timestamp",
		"displaydate", "dc.date.available", "created":
		return fDate
	case "article:modified_time", "og:article:modified_time", "og:updated_time", "article:modified",
		"datemodified", "dcterms.modified", "dc.date.modified", "last-modified", "lastmod",
		"article.updated", "modified", "revised":
		return fModified
	case "description", "dc.description", "dcterms.description", "sailthru.description":
		return fDescription
	case "application-name", "apple-mobile-web-app-title", "og:site", "publisher", "dc.publisher", "citation_publisher", "citation_journal_title":
		return fSiteName
	case "article:section", "og:article:section", "parsely-section", "articlesection", "category":
		return fSection
	case "article:tag", "og:article:tag", "parsely-tags", "sailthru.tags", "news_keywords":
		return fTag
	case "keywords":
		return fKeywords
	case "content-language", "dc.language", "dcterms.language", "language", "inlanguage":
		return fLang
	case "image", "thumbnail", "thumbnailurl":
		return fImage
	case "url":
		return fURL
	}
	return dateField(key)
}

// dateField reads the date metas CMSs name their own way, under their
// own prefixes ("w-published-date", "cxenseparse:publishtime",
// "cdc:first_published", "og:updated_time"): by the end of the key with
// its punctuation dropped; and a namespace's plain date ("ms.date").
func dateField(key []byte) field {
	var buf [48]byte
	k := buf[:0]
	for _, ch := range key {
		if 'a' <= ch && ch <= 'z' || '0' <= ch && ch <= '9' {
			k = append(k, ch)
		}
	}
	for _, suf := range [...]string{"publisheddate", "publishdate", "publishedtime", "publishtime", "publishedat",
		"publishedon", "firstpublished", "datepublished", "datepub", "published"} {
		if bytes.HasSuffix(k, []byte(suf)) {
			return fPublished
		}
	}
	for _, suf := range [...]string{"modifieddate", "modifiedtime", "updateddate", "updatedtime", "updatedat",
		"lastupdated", "lastmodified", "lastmodifieddate", "datemodified"} {
		if bytes.HasSuffix(k, []byte(suf)) {
			return fModified
		}
	}
	// A namespace's date ("ms.date", "x:date"), like dc.date: a date
	// meta of the weaker kind.
	if n := len(key); n > 5 && string(key[n-4:]) == "date" && (key[n-5] == '.' || key[n-5] == ':') {
		return fDate
	}
	return fNone
}

// kind is a kind of text candidate found in the body.
type kind uint8

const (
	kH1           kind = iota // an h1's text
	kHeadline                 // itemprop=headline
	kByline                   // an element whose class or id says author or byline
	kRelAuthor                // a rel=author link's text
	kItemAuthor               // itemprop=author, or the name of an author itemscope
	kTime                     // a time element: datetime attribute and text
	kItemDate                 // itemprop=datePublished, dateCreated or uploadDate
	kItemModified             // itemprop=dateModified
	kDateText                 // an element whose class says date or published
	kTagLink                  // a rel=tag link's text
	kCategoryLink             // a rel=category link's text
	kPublisher                // the name of a publisher itemscope
	kAuthorLink               // a link to an author's page
	kLooseByline              // a short text near the headline that reads "By Jane Doe", or the text after a lone "By"
	kLooseDate                // a short text near the headline that is a date (attr: the date read)
	numKinds
)

// Context flags: what the open elements say about where an element is.
const (
	cArticle  uint32 = 1 << iota // in article, main, or an Article itemscope
	cHeader                      // in a header
	cNav                         // in nav
	cFooter                      // in footer or a footer-classed element
	cAside                       // in an aside outside an article, or a sidebar/widget/related-classed element
	cComment                     // in a comment-classed element
	cByline                      // in a byline/author-classed element
	cDateCls                     // in a date/published-classed element
	cModCls                      // in an updated/modified-classed element
	cH1                          // in an h1
	cHidden                      // in template or noscript
	cSVG                         // in svg
	cHead                        // in head
	cCard                        // in a card/teaser/list-item-classed element: another page's summary
	cMeta                        // in a meta-classed element (post-meta, entry-meta)
	cTitleCls                    // in a title/headline-classed element
)

// meta is one meta tag's value.
type meta struct {
	f   field
	val span
}

// cand is a text candidate: an element's attribute value and its text.
type cand struct {
	k     kind
	ctx   uint32 // context flags where it started (its own included)
	own   uint32 // flags of the element itself
	pos   int32  // bytes of body text before it
	order int32  // index among all candidates
	attr  span   // datetime, content, or the like
	text  span   // text, whitespace collapsed
	limit int32  // end of the text's slot in the arena
	space bool   // the text so far ends in a space (to collapse runs)
	flag  bool   // time: has pubdate or itemprop=datePublished; loose date: says updated
}

// capture is an open element whose text goes to a candidate.
type capture struct {
	depth int
	cand  int32
}

// scope is an open microdata itemscope.
type scope struct {
	depth int
	role  uint8
}

// Roles of an itemscope.
const (
	roleOther uint8 = iota
	roleAuthor
	rolePublisher
	roleArticle
)
