package auto

import (
	"bytes"
	"iter"
	"slices"
)

// kind is a kind of page that structured data declares: the schema.org
// types of JSON-LD and microdata, and OpenGraph's og:type, grouped by
// the page types they announce.
type kind uint8

const (
	kindArticle kind = iota // Article, NewsArticle, BlogPosting…; og:type article
	kindTech                // TechArticle, APIReference, HowTo, SoftwareSourceCode
	kindProduct             // Product, Offer, AggregateOffer…; og:type product
	kindForum               // DiscussionForumPosting, QAPage, Question, Answer, Comment
	kindList                // ItemList, CollectionPage, SearchResultsPage, OfferCatalog
	kindService             // FAQPage, Service, LocalBusiness, Course, Event, JobPosting
	numKinds
)

// kindSet is a set of kinds, one bit each.
type kindSet uint8

var kindNames = [numKinds]string{
	kindArticle: "article", kindTech: "tech", kindProduct: "product", kindForum: "forum",
	kindList: "list", kindService: "service",
}

// schemaTypes maps the schema.org type names that announce a kind of page
// to it. Types every site declares (WebSite, Organization, BreadcrumbList,
// WebPage) say nothing and are left out.
var schemaTypes = map[string]kind{
	"Article": kindArticle, "NewsArticle": kindArticle, "BlogPosting": kindArticle,
	"Report": kindArticle, "ScholarlyArticle": kindArticle, "OpinionNewsArticle": kindArticle,
	"AnalysisNewsArticle": kindArticle, "ReportageNewsArticle": kindArticle,
	"LiveBlogPosting": kindArticle, "Recipe": kindArticle, "Review": kindArticle,
	"TechArticle": kindTech, "APIReference": kindTech, "HowTo": kindTech,
	"SoftwareSourceCode": kindTech,
	"Product":            kindProduct, "ProductGroup": kindProduct, "IndividualProduct": kindProduct,
	"Offer": kindProduct, "AggregateOffer": kindProduct, "Vehicle": kindProduct, "Car": kindProduct,
	"DiscussionForumPosting": kindForum, "QAPage": kindForum, "Question": kindForum,
	"Answer": kindForum, "Comment": kindForum, "SocialMediaPosting": kindForum,
	"ItemList": kindList, "CollectionPage": kindList, "SearchResultsPage": kindList,
	"OfferCatalog": kindList,
	"FAQPage":      kindService, "Service": kindService, "LocalBusiness": kindService,
	"ProfessionalService": kindService, "Course": kindService, "Event": kindService,
	"JobPosting": kindService, "SoftwareApplication": kindService,
}

// schemaKind returns the kind of a schema.org type name, or a full type
// URL such as "https://schema.org/Product", if it announces one.
func schemaKind(name []byte) (kind, bool) {
	if i := bytes.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	k, ok := schemaTypes[string(name)]
	return k, ok
}

// schemaKinds returns the kinds of the space-separated type URLs of a
// microdata itemtype.
func schemaKinds(v []byte) kindSet {
	var s kindSet
	for t := range fields(v) {
		if k, ok := schemaKind(t); ok {
			s |= 1 << k
		}
	}
	return s
}

// fields yields the non-empty runs of v between white space.
func fields(v []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for i := 0; i < len(v); {
			for i < len(v) && isSpace(v[i]) {
				i++
			}
			j := i
			for j < len(v) && !isSpace(v[j]) {
				j++
			}
			if j > i && !yield(v[i:j]) {
				return
			}
			i = j
		}
	}
}

// ogKinds returns the kind an og:type value announces.
func ogKinds(v []byte) kindSet {
	v = bytes.TrimSpace(v)
	switch {
	case bytes.EqualFold(v, []byte("article")):
		return 1 << kindArticle
	case bytes.HasPrefix(v, []byte("product")), bytes.EqualFold(v, []byte("og:product")):
		return 1 << kindProduct
	}
	return 0
}

// readTypes adds the kinds of every "@type" value of the page's JSON-LD,
// a string or an array of strings, to the recorder's.
func (r *recorder) readTypes() {
	ld := r.ld
	const key = `"@type"`
	for {
		i := bytes.Index(ld, []byte(key))
		if i < 0 {
			return
		}
		ld = ld[i+len(key):]
		j := 0
		for j < len(ld) && (isSpace(ld[j]) || ld[j] == ':' || ld[j] == '[') {
			j++
		}
		// One string, or the strings of an array up to its end.
		for j < len(ld) && ld[j] == '"' {
			end := bytes.IndexByte(ld[j+1:], '"')
			if end < 0 {
				return
			}
			if k, ok := schemaKind(ld[j+1 : j+1+end]); ok {
				r.kinds |= 1 << k
			}
			j += end + 2
			for j < len(ld) && (isSpace(ld[j]) || ld[j] == ',') {
				j++
			}
		}
		ld = ld[j:]
	}
}

// NumPageTypes is how many page types the model tells apart.
const NumPageTypes = 7

// pageTypes names the page types, as the WCXB benchmark does.
var pageTypes = [NumPageTypes]string{"article", "forum", "product", "collection", "listing", "documentation", "service"}

// PageTypes returns the names of the page types the model tells apart, in
// the order of Model.PageType. The slice is the caller's.
func PageTypes() []string { return slices.Clone(pageTypes[:]) }

// pageCues are the cues whose share of the page's text describes the page
// as a whole: comments for forums, cells for specifications, code for
// documentation, lists and filters for listings and collections, and hidden
// text (a page that hides most of its text until a script shows it).
var pageCues = [...]cue{cueArticle, cueMain, cueNav, cueAside, cueComment, cueList, cueCode, cueCell, cueFilter, cueH2, cueMeta, cueHidden}

// pageSums gathers, over the paragraphs in order, the page's text and its
// text weighted by the features pageFeatures averages.
type pageSums struct {
	agg   [fCues - fPageCues]float32
	total float32
	paras int
}

// add adds a paragraph of length n with the stage-1 row f (whose cue
// shares, stop-word density and jusText verdict are set), in a repeated
// group or not.
func (s *pageSums) add(f []float32, n int, repeated bool) {
	w := float32(n)
	s.total += w
	s.paras++
	for k, c := range pageCues {
		s.agg[k] += f[fCues+int(c)] * w
	}
	if repeated {
		s.agg[fPageRepeat-fPageCues] += w
	}
	if n >= 200 {
		s.agg[fPageProse-fPageCues] += w
	}
	s.agg[fPageJTGood-fPageCues] += f[fJTGood] * w
	s.agg[fPageStop-fPageCues] += f[fStopDensity] * w
}

// pageFeatures completes the page's features in x.page from the sums over
// its paragraphs (its share of text under pageCues, in repeated groups,
// in prose, its mean stop-word density and paragraph length), then adds
// the page type model's probabilities. The type models read the first
// paragraph's row as it stands with the page's features in it (the type
// probabilities 0).
func (x *Extractor) pageFeatures(s *pageSums) {
	clear(x.typeProb[:])
	if s.paras == 0 {
		return
	}
	total := max(s.total, 1)
	for k := range fPageMeanLen - fPageCues {
		s.agg[k] /= total
	}
	s.agg[fPageMeanLen-fPageCues] = log1p(int(total) / s.paras)
	copy(x.page[fPageCues-fKinds:fTypes-fKinds], s.agg[:fTypes-fPageCues])
	copy(x.fbuf[:], x.feats[:numFeatures])
	copy(x.fbuf[fKinds:fCues], x.page[:])
	for t := range NumPageTypes {
		x.typeProb[t] = sigmoid(x.model.PageType[t].logit(&x.fbuf))
		x.page[fTypes-fKinds+t] = x.typeProb[t]
	}
}

// PageType returns the most probable type of the page ("" for a page
// without text) and its probability, after Finish.
func (x *Extractor) PageType() (string, float32) {
	if len(x.pm.Paragraphs()) == 0 {
		return "", 0
	}
	t := x.pageType()
	return pageTypes[t], x.typeProb[t]
}

// pageType returns the index of the most probable page type.
func (x *Extractor) pageType() int {
	best := 0
	for t, p := range x.typeProb {
		if p > x.typeProb[best] {
			best = t
		}
	}
	return best
}
