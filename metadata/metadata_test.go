package metadata

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// page wraps head and body markup into a document.
func page(head, body string) string {
	return "<!doctype html><html><head>" + head + "</head><body>" + body + "</body></html>"
}

func TestCollector(t *testing.T) {
	yoast := `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
		{"@type":"Article","@id":"https://ex.com/a/#article","headline":"Ten Things &#8211; Explained",
		 "author":{"name":"Jane Doe","@id":"https://ex.com/#/schema/person/1"},
		 "datePublished":"2024-05-17T09:30:00+02:00","dateModified":"2024-06-01T10:00:00+02:00",
		 "publisher":{"@id":"https://ex.com/#organization"},"articleSection":["News","Science"],
		 "keywords":"alpha, beta","image":{"@id":"https://ex.com/a/#img"},"inLanguage":"en-GB"},
		{"@type":"WebPage","@id":"https://ex.com/a/","name":"Ten Things – Explained - Example News","datePublished":"2024-05-17T07:30:00+00:00"},
		{"@type":"ImageObject","@id":"https://ex.com/a/#img","url":"https://ex.com/img.jpg"},
		{"@type":"Organization","@id":"https://ex.com/#organization","name":"Example News"},
		{"@type":"Person","@id":"https://ex.com/#/schema/person/1","name":"Jane Doe"},
		{"@type":"WebSite","@id":"https://ex.com/#website","name":"Example News"}]}</script>`
	tests := []struct {
		name, url, html string
		want            Metadata
	}{{
		name: "meta tags",
		html: page(`<title> A Headline  |  Example </title>
			<meta name="author" content="Jane Doe"><meta name="description" content=" A  summary. ">
			<meta name="date" content="2023-02-01"><meta name="keywords" content="one, two">`, ""),
		want: Metadata{Title: "A Headline | Example", Author: "Jane Doe", Date: "2023-02-01", Description: "A summary.", Tags: []string{"one", "two"}},
	}, {
		name: "OpenGraph",
		html: page(`<title>Ignored | Example</title>
			<meta property="og:title" content="The Headline"><meta property="og:site_name" content="Example">
			<meta property="og:url" content="https://example.com/story"><meta property="og:image" content="/i.png">
			<meta property="article:published_time" content="2024-03-05T08:00:00Z">
			<meta property="article:modified_time" content="2024-03-06T08:00:00Z">
			<meta property="article:section" content="World"><meta property="article:tag" content="Maps">
			<meta property="article:tag" content="Travel"><meta property="og:locale" content="en_US">
			<meta property="article:author" content="https://facebook.com/someone">`, ""),
		url: "https://example.com/story?utm=x",
		want: Metadata{Title: "The Headline", Date: "2024-03-05T08:00:00Z", Modified: "2024-03-06T08:00:00Z", SiteName: "Example",
			URL: "https://example.com/story", Lang: "en-US", Image: "https://example.com/i.png", Categories: []string{"World"}, Tags: []string{"Maps", "Travel"}},
	}, {
		name: "site name from the title",
		html: page(`<title>Rotating the logs | Field Handbook</title>`, `<h1>Rotating the logs</h1>`),
		want: Metadata{Title: "Rotating the logs", SiteName: "Field Handbook"},
	}, {
		name: "Twitter card",
		html: page(`<meta name="twitter:title" content="Card Title"><meta name="twitter:image" content="https://e.com/c.jpg"><meta name="twitter:description" content="Card text">`, ""),
		want: Metadata{Title: "Card Title", Image: "https://e.com/c.jpg", Description: "Card text"},
	}, {
		name: "JSON-LD graph with references",
		html: page(`<title>Ten Things – Explained - Example News</title>`+yoast, `<h1>Ten Things – Explained</h1>`),
		url:  "https://ex.com/a/",
		want: Metadata{Title: "Ten Things – Explained", Author: "Jane Doe", Date: "2024-05-17T09:30:00+02:00", Modified: "2024-06-01T10:00:00+02:00",
			SiteName: "Example News", URL: "https://ex.com/a/", Lang: "en-GB", Image: "https://ex.com/img.jpg",
			Categories: []string{"News", "Science"}, Tags: []string{"alpha", "beta"}},
	}, {
		name: "JSON-LD nested authors, array image, uploadDate",
		html: page(`<script type="application/ld+json">[{"@type":"VideoObject","name":"A Video","headline":"A Video",
			"author":[{"@type":"Person","name":"Ann Lee"},{"@type":"Person","name":"Bo Chen"},"Cy Dee"],
			"uploadDate":"2022-12-01","image":["https://v.com/1.jpg","https://v.com/2.jpg"],"keywords":["x","y"]}]</script>`, ""),
		want: Metadata{Title: "A Video", Author: "Ann Lee; Bo Chen; Cy Dee", Date: "2022-12-01", Image: "https://v.com/1.jpg", Tags: []string{"x", "y"}},
	}, {
		name: "JSON-LD of a page listing articles: the page's own",
		url:  "https://news.com/b",
		html: page(`<title>Second Story</title><script type="application/ld+json">[
			{"@type":"NewsArticle","headline":"First Story","url":"https://news.com/a","author":{"name":"Al Ant"},"datePublished":"2021-01-01"},
			{"@type":"NewsArticle","headline":"Second Story","url":"https://news.com/b","author":{"name":"Bea Bee"},"datePublished":"2021-02-02"}]</script>`, ""),
		want: Metadata{Title: "Second Story", Author: "Bea Bee", Date: "2021-02-02", URL: "https://news.com/b"},
	}, {
		name: "microdata",
		html: page(`<title>M</title>`, `<article itemscope itemtype="https://schema.org/BlogPosting">
			<h1 itemprop="headline">Micro Headline</h1>
			<span itemprop="author" itemscope itemtype="https://schema.org/Person">by <span itemprop="name">Kim Park</span></span>
			<meta itemprop="datePublished" content="2020-07-08"><span itemprop="dateModified">July 9, 2020</span></article>`),
		want: Metadata{Title: "Micro Headline", Author: "Kim Park", Date: "2020-07-08", Modified: "2020-07-09"},
	}, {
		name: "microdata date from datetime and text",
		html: page("", `<h1>T</h1><time itemprop="datePublished" datetime="2019-04-03T10:00:00-05:00">April 3</time>`),
		want: Metadata{Title: "T", Date: "2019-04-03T10:00:00-05:00"},
	}, {
		name: "microdata date from text",
		html: page("", `<h1>T</h1><span itemprop="datePublished">3 April 2019</span>`),
		want: Metadata{Title: "T", Date: "2019-04-03"},
	}, {
		name: "time pubdate",
		html: page("", `<article><h1>Post</h1><p>Posted <time pubdate datetime="2018-11-12">Nov 12</time></p></article>`),
		want: Metadata{Title: "Post", Date: "2018-11-12"},
	}, {
		name: "time in a byline, and a byline's author",
		html: page("", `<article><h1>Post</h1><div class="byline">By <a href="/u/x">Sam Roe</a> | <time datetime="2017-01-02T15:04:05Z">Jan 2</time></div></article>`),
		want: Metadata{Title: "Post", Author: "Sam Roe", Date: "2017-01-02T15:04:05Z"},
	}, {
		name: "rel=author",
		html: page("", `<h1>Post</h1><p><a rel="author" href="/about">Lee Moss</a></p>`),
		want: Metadata{Title: "Post", Author: "Lee Moss"},
	}, {
		name: "author class and a loose By",
		html: page("", `<h1>Post</h1><p>By</p><p>Ruth Bell</p><span class="author-name">not used</span>`),
		want: Metadata{Title: "Post", Author: "not used"},
	}, {
		name: "loose By line",
		html: page("", `<h1>Post</h1><p>By Ruth Bell</p><p>By using this site you agree</p>`),
		want: Metadata{Title: "Post", Author: "Ruth Bell"},
	}, {
		name: "bylines that are not names",
		html: page(`<meta property="og:site_name" content="Acme Blog">`, `<h1>Post</h1><footer class="entry-footer"><span class="author"><a href="/all">View more posts</a></span></footer>
			<div class="byline">admin</div><div class="byline">Acme Blog</div><div class="byline">https://acme.com/me</div>`),
		want: Metadata{Title: "Post", SiteName: "Acme Blog"},
	}, {
		name: "comment authors are not the page's",
		html: page("", `<h1>Post</h1><div id="comments"><span class="comment-author">Troll Face</span></div>`),
		want: Metadata{Title: "Post"},
	}, {
		name: "canonical resolved",
		url:  "https://example.org/path/page.html?x=1",
		html: page(`<link rel="canonical" href="../other/page.html">`, ""),
		want: Metadata{URL: "https://example.org/other/page.html"},
	}, {
		name: "page URL when no canonical",
		url:  "https://example.org/p",
		html: page("", ""),
		want: Metadata{URL: "https://example.org/p"},
	}, {
		name: "site name stripped: Headline - Site",
		html: page(`<title>The Headline - Example Site</title><meta property="og:site_name" content="Example Site">`, ""),
		want: Metadata{Title: "The Headline", SiteName: "Example Site"},
	}, {
		name: "site name stripped: Site: Headline",
		html: page(`<title>Example Site: The Headline</title><meta name="application-name" content="Example Site">`, ""),
		want: Metadata{Title: "The Headline", SiteName: "Example Site"},
	}, {
		name: "site name stripped: the host's name",
		url:  "https://www.greenhouse-studio.com/post",
		html: page(`<title>How To Design A Room — Greenhouse Studio</title>`, ""),
		want: Metadata{Title: "How To Design A Room", SiteName: "Greenhouse Studio", URL: "https://www.greenhouse-studio.com/post"},
	}, {
		name: "site name stripped: an h1 that is the title's end",
		html: page(`<title>What is Ownership? - The Book</title>`, `<h1>The Book</h1>`),
		want: Metadata{Title: "What is Ownership?", SiteName: "The Book"},
	}, {
		name: "site name stripped: Headline | Section | Site",
		html: page(`<title>IAM overview | Identity | Cloud Docs</title>`, ""),
		want: Metadata{Title: "IAM overview"},
	}, {
		name: "h1 preferred when the metadata agrees",
		html: page(`<title>Plumbing Price Guide: Average Rates | Pro</title>`, `<h1>Plumbing Pricing Guide 2025: Learn Average Rates</h1>`),
		want: Metadata{Title: "Plumbing Pricing Guide 2025: Learn Average Rates"},
	}, {
		name: "navigation h1 ignored",
		html: page(`<title>Real Title</title>`, `<nav><h1>Menu</h1></nav>`),
		want: Metadata{Title: "Real Title"},
	}, {
		name: "copyright year is no date",
		html: page("", `<h1>Post</h1><p>Text.</p><footer>© 2024 Example. All rights reserved.</footer><p class="date">2023</p>`),
		want: Metadata{Title: "Post"},
	}, {
		name: "modified is not published",
		html: page(`<meta property="article:published_time" content="2023-02-01"><meta property="article:modified_time" content="2024-06-01">`,
			`<h1>Post</h1><p class="updated">Updated June 1, 2024</p>`),
		want: Metadata{Title: "Post", Date: "2023-02-01", Modified: "2024-06-01"},
	}, {
		name: "a date said to be an update is not published",
		html: page("", `<article><h1>Post</h1><p>Published <time datetime="2023-02-01">Feb 1, 2023</time></p><p>Last updated: <time datetime="2024-06-01">June 1, 2024</time></p></article>`),
		want: Metadata{Title: "Post", Date: "2023-02-01", Modified: "2024-06-01"},
	}, {
		name: "a page that shows only its update is dated by it",
		html: page(`<meta property="article:modified_time" content="2024-06-01">`, `<article><h1>Post</h1><p>Last updated: <time datetime="2024-06-01">June 1, 2024</time></p></article>`),
		want: Metadata{Title: "Post", Date: "2024-06-01", Modified: "2024-06-01"},
	}, {
		name: "an update is the date only by the headline",
		html: page(`<meta property="article:modified_time" content="2024-06-01">`, `<h1>Post</h1><p>`+strings.Repeat("Body text. ", 400)+`</p><p class="updated">Updated June 1, 2024</p>`),
		want: Metadata{Title: "Post", Modified: "2024-06-01"},
	}, {
		name: "dateline above the headline (French)",
		html: page("", `<div class="hero"><span>Publié le</span> <span>5 mars 2021</span></div><h1>Titre</h1><p>Texte</p>`),
		want: Metadata{Title: "Titre", Date: "2021-03-05"},
	}, {
		name: "dateline above the headline (German), the last date before it",
		html: page("", `<p>Archiv 01.01.2019</p><div>Veröffentlicht am 17. Mai 2024</div><h1>Überschrift</h1><p>Text</p>`),
		want: Metadata{Title: "Überschrift", Date: "2024-05-17"},
	}, {
		name: "dateline above the headline (Spanish), an update",
		html: page("", `<div>Actualizado:</div><div>17 de mayo de 2024</div><h1>Titular</h1><p>Texto</p>`),
		want: Metadata{Title: "Titular", Date: "2024-05-17", Modified: "2024-05-17"},
	}, {
		name: "no dateline without a headline",
		html: page("", `<div>March 5, 2021</div><p>Text</p>`),
		want: Metadata{},
	}, {
		name: "a date far above the headline is no dateline",
		html: page("", `<div>March 5, 2021</div><p>`+strings.Repeat("Intro text. ", 100)+`</p><h1>Post</h1>`),
		want: Metadata{Title: "Post"},
	}, {
		name: "the site header's date is today's, no dateline",
		html: page("", `<header><span>Tuesday, May 14, 2024</span></header><h1>Post</h1><p>Text</p>`),
		want: Metadata{Title: "Post"},
	}, {
		name: "a dateline in the header that holds the headline",
		html: page("", `<div id="hero"><header><a href="/blog">Back to all articles</a><div><p>February 4, 2025 - 11 minutes</p><h1>Post</h1></div></header></div><p>Text</p>`),
		want: Metadata{Title: "Post", Date: "2025-02-04"},
	}, {
		name: "the site header's date, closed before the headline, is no dateline",
		html: page("", `<header><span>Tuesday, May 14, 2024</span></header><div><h1>Post</h1></div><p>Text</p>`),
		want: Metadata{Title: "Post"},
	}, {
		name: "a page without a headline is dated by its first time element, not an edit's",
		html: page(`<title>Rust goals</title>`, `<ol><li><div class="byline"><a href="/u/x">x</a> <time datetime="2024-08-12 10:00:23">1 year ago</time></div>
			<ol><li><div class="byline"><time class="updated" datetime="2024-08-13 08:30:10">1 year ago</time></div><p>Nice</p></li></ol></li></ol>`),
		want: Metadata{Title: "Rust goals", Date: "2024-08-12T10:00:23", Modified: "2024-08-13T08:30:10"},
	}, {
		name: "comment dates far below the headline are not the page's",
		html: page(`<meta property="article:published_time" content="2025-12-16T16:32:12+00:00">`,
			`<article><h1>Post</h1><p>`+strings.Repeat("Body text. ", 400)+`</p><ol><li><time datetime="2025-12-17T23:31:51+00:00">December 17, 2025</time> Nice post</li></ol></article>`),
		want: Metadata{Title: "Post", Date: "2025-12-16T16:32:12+00:00"},
	}, {
		name: "dated by the headline's h1, not the site header's",
		html: page(`<title>Real Story | Site</title>`, `<header><h1>Search</h1></header><p>`+strings.Repeat("Menu item. ", 400)+`</p>
			<h1>Real Story</h1><ul><li>December 24, 2024</li></ul><p>Text</p>`),
		want: Metadata{Title: "Real Story", Date: "2024-12-24", SiteName: "Site"},
	}, {
		name: "dated by the headline's h1 when the title puts the site first",
		url:  "https://www.example.org/story",
		html: page(`<title>Example.org - Real Story</title><meta property="og:title" content="Real Story">`, `<header><h1>Search</h1></header><p>`+strings.Repeat("Menu item. ", 400)+`</p>
			<h1>Real Story</h1><ul><li>December 24, 2024</li></ul><p>Text</p>`),
		want: Metadata{Title: "Real Story", Date: "2024-12-24", URL: "https://www.example.org/story"},
	}, {
		name: "a date in the article's aside",
		html: page("", `<article><h1>Post</h1><aside><time datetime="2021-06-06">June 6, 2021</time></aside><p>Body</p></article>`),
		want: Metadata{Title: "Post", Date: "2021-06-06"},
	}, {
		name: "a date in the page's sidebar is not the page's",
		html: page("", `<article><h1>Post</h1><p>Body</p></article><aside><time datetime="2021-06-06">June 6, 2021</time></aside>`),
		want: Metadata{Title: "Post"},
	}, {
		name: "date metas named the CMS's way",
		html: page(`<meta name="w-published-date" content="2025-05-27T06:03:43Z"><meta name="last-modified-date" content="2025-06-01">`, ""),
		want: Metadata{Date: "2025-05-27T06:03:43Z", Modified: "2025-06-01"},
	}, {
		name: "a namespace's date meta",
		html: page(`<meta name="ms.date" content="2025-03-06T00:00:00Z"><meta name="updated_at" content="2025-10-23T11:11:00Z">`, ""),
		want: Metadata{Date: "2025-03-06", Modified: "2025-10-23T11:11:00Z"},
	}, {
		name: "a date in the URL with the month's name",
		url:  "https://www.ex.org/knowledge-centre/blog/2023/october/03/how-many-wine-types/",
		html: page("", `<h1>How many wine types?</h1><p>Text</p>`),
		want: Metadata{Title: "How many wine types?", Date: "2023-10-03", URL: "https://www.ex.org/knowledge-centre/blog/2023/october/03/how-many-wine-types/"},
	}, {
		name: "a meta named published",
		html: page(`<meta name="published" content="July 17, 2025"><meta name="publisher" content="Acme">`, ""),
		want: Metadata{Date: "2025-07-17", SiteName: "Acme"},
	}, {
		name: "loose date near the headline",
		html: page("", `<article><h1>Post</h1><div><span>March 5, 2021</span></div><p>Body</p></article>`),
		want: Metadata{Title: "Post", Date: "2021-03-05"},
	}, {
		name: "URL date last",
		url:  "https://blog.example.com/2024/05/17/a-post/",
		html: page("", `<h1>A Post</h1>`),
		want: Metadata{Title: "A Post", Date: "2024-05-17", URL: "https://blog.example.com/2024/05/17/a-post/"},
	}, {
		name: "a timestamp with a zone keeps its day over the one shown a day off",
		html: page(`<meta property="article:published_time" content="2025-12-02T23:00:55+00:00">`, `<article><h1>Post</h1><time datetime="2025-12-03">December 3, 2025</time></article>`),
		want: Metadata{Title: "Post", Date: "2025-12-02T23:00:55+00:00"},
	}, {
		name: "an offset timestamp keeps its day too",
		html: page(`<script type="application/ld+json">{"@type":"BlogPosting","headline":"Post","datePublished":"2024-04-18T00:13:04+0300"}</script>`, `<article><h1>Post</h1><span>17 April 2024</span></article>`),
		want: Metadata{Title: "Post", Date: "2024-04-18T00:13:04+03:00"},
	}, {
		name: "a UTC timestamp gives way to the shown day the URL says",
		url:  "https://blog.example.com/2025/12/18/post/",
		html: page(`<meta property="article:published_time" content="2025-12-19T02:41:41+00:00">`, `<article><h1>Post</h1><time datetime="2025-12-18">December 18, 2025</time></article>`),
		want: Metadata{Title: "Post", Date: "2025-12-18", URL: "https://blog.example.com/2025/12/18/post/"},
	}, {
		name: "a timestamp without a zone gives way to the day shown",
		html: page(`<meta property="article:published_time" content="2026-02-15T03:05:48">`, `<article><h1>Post</h1><time datetime="2026-02-14">14 Feb 2026</time></article>`),
		want: Metadata{Title: "Post", Date: "2026-02-14"},
	}, {
		name: "metadata that dates an edit gives way to the earlier day shown",
		html: page(`<script type="application/ld+json">{"@type":"Article","headline":"Post","datePublished":"Jun 24, 2025","dateModified":"Jun 24, 2025"}</script>`,
			`<article><h1>Post</h1><div class="author">Ann Lee</div><div class="date">August 25, 2024</div></article>`),
		want: Metadata{Title: "Post", Author: "Ann Lee", Date: "2024-08-25", Modified: "2025-06-24"},
	}, {
		name: "a publication after the modification gives way to the earlier day shown",
		html: page(`<meta property="article:published_time" content="2025-08-21T10:00:00Z"><meta property="article:modified_time" content="2025-08-20T10:00:00Z">`,
			`<article><h1>Post</h1><p>Published <span>Apr 26, 2023</span></p></article>`),
		want: Metadata{Title: "Post", Date: "2023-04-26", Modified: "2025-08-20T10:00:00Z"},
	}, {
		name: "an edit's date a zone puts on the day shown keeps its day",
		html: page(`<meta property="article:published_time" content="2026-02-23T00:57:30+00:00"><meta property="article:modified_time" content="2026-02-23T00:57:32+00:00">`,
			`<article><h1>Post</h1><time datetime="2026-02-22">February 22, 2026</time></article>`),
		want: Metadata{Title: "Post", Date: "2026-02-23T00:57:30+00:00", Modified: "2026-02-23T00:57:32+00:00"},
	}, {
		name: "an edit's date no zone puts on the day shown gives way",
		html: page(`<meta property="article:published_time" content="2025-12-19T22:02:58Z"><meta property="article:modified_time" content="2025-12-19T22:02:45Z">`,
			`<article><h1>Post</h1><time datetime="2025-12-18">Dec 18, 2025</time></article>`),
		want: Metadata{Title: "Post", Date: "2025-12-18", Modified: "2025-12-19T22:02:45Z"},
	}, {
		name: "an earlier day shown does not replace a publication before the modification",
		html: page(`<meta property="article:published_time" content="2025-06-01T10:00:00Z"><meta property="article:modified_time" content="2025-08-20T10:00:00Z">`,
			`<article><h1>Post</h1><p>Apr 26, 2023</p></article>`),
		want: Metadata{Title: "Post", Date: "2025-06-01T10:00:00Z", Modified: "2025-08-20T10:00:00Z"},
	}, {
		name: "a time element by the headline that names another day wins over the metadata",
		html: page(`<meta property="article:published_time" content="2013-03-11T11:11:07-07:00"><meta property="article:modified_time" content="2026-02-18T07:49:16-08:00">`,
			`<article><h1>Post</h1><div class="byline"><span>By Ann Lee</span> <time datetime="2023-03-20T00:00:00-07:00">March 20, 2023</time></div><p>Body</p></article>`),
		want: Metadata{Title: "Post", Author: "Ann Lee", Date: "2023-03-20", Modified: "2026-02-18T07:49:16-08:00"},
	}, {
		name: "time elements by the headline that name several days (a list) do not replace the metadata's date",
		html: page(`<meta property="article:published_time" content="2005-07-14T16:37:00-04:00">`,
			`<main><h1>Science</h1><div><h2>One</h2><time datetime="2026-03-06">March 6, 2026</time></div><div><h2>Two</h2><time datetime="2026-03-04">March 4, 2026</time></div></main>`),
		want: Metadata{Title: "Science", Date: "2005-07-14T16:37:00-04:00"},
	}, {
		name: "an earlier day labelled far from the headline in text does not replace an edit's date",
		html: page(`<meta property="article:published_time" content="2025-12-20"><meta property="article:modified_time" content="2025-12-20">`,
			`<article><h1>Post</h1><p>`+strings.Repeat("Quoted text. ", 400)+`</p><p>Published on May 02, 2024</p></article>`),
		want: Metadata{Title: "Post", Date: "2025-12-20", Modified: "2025-12-20"},
	}, {
		name: "a date labelled Published in the next element, far from the headline",
		html: page("", `<article><h1>Post</h1><p>`+strings.Repeat("Body text. ", 400)+`</p><div class="facts"><h4>Published</h4><div>July 8, 2025</div></div></article>`),
		want: Metadata{Title: "Post", Date: "2025-07-08"},
	}, {
		name: "a labelled time element",
		html: page("", `<h1>Post</h1><p>`+strings.Repeat("Body text. ", 400)+`</p><h3>Published</h3><p><time datetime="2024-08-30T12:00:00Z">August 30, 2024</time></p>`),
		want: Metadata{Title: "Post", Date: "2024-08-30T12:00:00Z"},
	}, {
		name: "a date labelled Posted on, far from the headline",
		html: page("", `<article><h1>Post</h1><p>`+strings.Repeat("Body text. ", 400)+`</p><div class="meta"><span>Posted on April 13, 2023</span></div></article>`),
		want: Metadata{Title: "Post", Date: "2023-04-13"},
	}, {
		name: "a date after a Written by byline, at the article's end",
		html: page("", `<h1>Post</h1><p>`+strings.Repeat("Body text. ", 400)+`</p><div><p>Written by<!-- --> <a href="/blog/author/mk">Moses Kim</a></p><p>April 8, 2024</p></div>`),
		want: Metadata{Title: "Post", Author: "Moses Kim", Date: "2024-04-08"},
	}, {
		name: "no date two texts after a byline",
		html: page("", `<h1>Post</h1><p>`+strings.Repeat("Body text. ", 400)+`</p><div><p>Written by Moses Kim</p><p>Moses writes about apps.</p><p>He joined us in 2019.</p><p>April 8, 2024</p></div>`),
		want: Metadata{Title: "Post"},
	}, {
		name: "a date-classed text that says it is the publication's, far from the headline",
		html: page("", `<main><h1>Post</h1><p>`+strings.Repeat("Body text. ", 400)+`</p>
			<p class="PublishDateDisclaimer">This article was originally published on 26 Sep 2019 at 4:12pm but has been regularly updated to keep the information current.</p></main>`),
		want: Metadata{Title: "Post", Date: "2019-09-26"},
	}, {
		name: "a date-classed text that says it is the publication's, before metadata that dates an edit",
		html: page(`<meta property="article:published_time" content="2022-09-30"><meta property="article:modified_time" content="2022-09-30">`, `<main><h1>Post</h1><p>`+strings.Repeat("Body text. ", 400)+`</p>
			<p class="publish-date">First published 26 Sep 2019, updated 30 Sep 2022</p></main>`),
		want: Metadata{Title: "Post", Date: "2019-09-26", Modified: "2022-09-30"},
	}, {
		name: "a label and its date in one text, German",
		html: page("", `<h1>Beitrag</h1><p>`+strings.Repeat("Text. ", 700)+`</p><p>Veröffentlicht am 17. Mai 2024</p>`),
		want: Metadata{Title: "Beitrag", Date: "2024-05-17"},
	}, {
		name: "a French label alone in a dt",
		html: page("", `<h1>Titre</h1><p>`+strings.Repeat("Texte. ", 700)+`</p><dl><dt>Publié le</dt><dd>5 mars 2021</dd></dl>`),
		want: Metadata{Title: "Titre", Date: "2021-03-05"},
	}, {
		name: "a Dutch label",
		html: page("", `<h1>Kop</h1><p>`+strings.Repeat("Tekst. ", 700)+`</p><p>Gepubliceerd op: 3 januari 2023</p>`),
		want: Metadata{Title: "Kop", Date: "2023-01-03"},
	}, {
		name: "a Spanish label",
		html: page("", `<h1>Titular</h1><p>`+strings.Repeat("Texto. ", 700)+`</p><span>Publicado:</span> <span>17 de mayo de 2024</span>`),
		want: Metadata{Title: "Titular", Date: "2024-05-17"},
	}, {
		name: "a labelled date in the footer is not the page's; nor a publisher",
		html: page("", `<h1>Post</h1><p>Publisher</p><p>May 1, 2020</p><footer><span>Published</span><span>June 2, 2019</span></footer>`),
		want: Metadata{Title: "Post", Date: "2020-05-01"},
	}, {
		name: "a date followed by its update in one text is the publication's",
		html: page("", `<h1>Thread</h1><p>`+strings.Repeat("Text. ", 100)+`</p><div class="post_date">2019-02-23, 09:14 PM (This post was last modified: 2024-01-05 by Sky.)</div>
			<p>Reply</p><div class="post_date">2019-02-24, 02:31 AM</div>`),
		want: Metadata{Title: "Thread", Date: "2019-02-23"},
	}, {
		name: "a thread's post in a container of the post and its replies",
		html: page("", `<main><header><h1>Catering Tips</h1></header><div id="topicAndRepliesContainer"><article class="post-box">
			<div class="post-box-meta"><time datetime="2005-07-10T00:57:00">7/9/05 7:57 PM</time></div><p>Text</p></article></div></main>`),
		want: Metadata{Title: "Catering Tips", Date: "2005-07-10T00:57:00"},
	}, {
		name: "a utility class's bracketed value names no region",
		html: page("", `<main><section class="page-section [--sidebar-width:18rem] lg:[--content-width:calc(100vw-var(--sidebar-width))]"><div class="max-w-[--content-container-width]">
			<h1>Post</h1><span>Published on Oct 21, 2025</span><p>Body</p></div></section></main>`),
		want: Metadata{Title: "Post", Date: "2025-10-21"},
	}, {
		name: "html lang",
		html: `<html lang="pt-BR"><title>T</title></html>`,
		want: Metadata{Title: "T", Lang: "pt-BR"},
	}, {
		name: "rel=tag and rel=category links",
		html: page("", `<h1>P</h1><a rel="category tag" href="/c">Science</a><a rel="tag" href="/t">Space</a><a rel="tag" href="/t2">space</a>`),
		want: Metadata{Title: "P", Categories: []string{"Science"}, Tags: []string{"Space"}},
	}, {
		name: "svg title is not the page's",
		html: page("", `<svg><title>icon</title></svg><h1>Heading</h1>`),
		want: Metadata{Title: "Heading"},
	}, {
		name: "broken JSON-LD is ignored",
		html: page(`<title>T</title><script type="application/ld+json">{"headline": "x", "author": </script>`, ""),
		want: Metadata{Title: "T"},
	}, {
		name: "whitespace trimmed",
		html: page("<title>\n\t  Spaced \u00a0 Out\u2003Title  \n</title>", ""),
		want: Metadata{Title: "Spaced Out Title"},
	}}
	c := New(Config{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := collect(t, c, []byte(tt.html), tt.url)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestDates(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"2024-05-17", "2024-05-17"},
		{"2024-05-17T09:30:00+02:00", "2024-05-17T09:30:00+02:00"},
		{"2024-05-17T09:30:00.123Z", "2024-05-17T09:30:00Z"},
		{"2024-05-17T00:00:00Z", "2024-05-17"},
		{"2024-05-17 09:30", "2024-05-17T09:30:00"},
		{"2024/05/17", "2024-05-17"},
		{"20240517", "2024-05-17"},
		{"17.05.2024", "2024-05-17"},
		{"17/05/2024", "2024-05-17"},
		{"05/17/2024", "2024-05-17"},
		{"05/06/2024", ""}, // ambiguous
		{"May 17, 2024", "2024-05-17"},
		{"Published: Friday, May 17th, 2024", "2024-05-17"},
		{"17 May 2024", "2024-05-17"},
		{"17. Mai 2024", "2024-05-17"},
		{"17 de mayo de 2024", "2024-05-17"},
		{"Fri, 17 May 2024 10:00:00 GMT", "2024-05-17"},
		{"Dec. 19, 2025", "2025-12-19"},
		{"2024", ""},
		{"May 2024", ""},
		{"© 2024", ""},
		{"2024-02-30", ""},
		{"1970-01-01", ""},
	} {
		got, _ := appendDate(nil, []byte(tt.in), false)
		if string(got) != tt.want {
			t.Errorf("appendDate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestURLDate(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"https://ex.com/2024/05/17/story/", "2024-05-17"},
		{"https://ex.com/news/story-2024-05-17-x", "2024-05-17"},
		{"https://ex.com/blog/2023/october/03/how-many-wines/", "2023-10-03"},
		{"https://ex.com/world/2023/oct/3/story", "2023-10-03"},
		{"https://ex.com/2023/oct/32/story", ""},
		{"https://ex.com/2023/octopus/03/story", ""},
		{"https://ex.com/2023/may/031/story", ""},
		{"https://ex.com/2024/05/story", ""},
		{"https://2024/05/17.example.com/", ""},
	} {
		got, _ := urlDate(nil, tt.in)
		if string(got) != tt.want {
			t.Errorf("urlDate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestJSONLists checks that categories and tags are written as JSON
// arrays.
func TestJSONLists(t *testing.T) {
	c := New(Config{})
	m := collect(t, c, []byte(page(`<meta property="article:section" content="World"><meta property="article:tag" content="Maps">
		<meta property="article:tag" content="Travel">`, "")), "")
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"categories":["World"],"tags":["Maps","Travel"]}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}

func TestFieldOf(t *testing.T) {
	for _, tt := range []struct {
		key  string
		want field
	}{
		{"article:published_time", fPublished},
		{"cxenseparse:publishtime", fPublished},
		{"cdc:first_published", fPublished},
		{"w-published-date", fPublished},
		{"published_at", fPublished},
		{"date-pub", fPublished},
		{"og:updated_time", fModified},
		{"updated_at", fModified},
		{"last-modified-date", fModified},
		{"ms.date", fDate},
		{"xyz:date", fDate},
		{"release_date", fNone},
		{"update", fNone},
		{"publisher", fSiteName},
		{"article:publisher", fNone},
		{"auto-publish", fNone},
		{"publishedtype", fNone},
	} {
		if got := fieldOf([]byte(tt.key)); got != tt.want {
			t.Errorf("fieldOf(%q) = %d, want %d", tt.key, got, tt.want)
		}
	}
}

func TestClassFlags(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want uint32
	}{
		{"sidebar-widget", cAside},
		{"single-post-sidebar", 0},
		{"article-with-sidebar", 0},
		{"entry-date published", cDateCls},
		{"post-authorName", cByline},
		{"comment-list", cComment},
		{"compositionConsumerAndRepliesContainer", 0},
		{"post-and-comments", 0},
		{"[--sidebar-width:18rem]", 0},
		{"lg:[--sidebar-container-width:calc(var(--sidebar-width)+var(--gap))]", 0},
		{"w-[--sidebar-width] sidebar", cAside},
	} {
		if got := classFlags([]byte(tt.in)); got != tt.want {
			t.Errorf("classFlags(%q) = %x, want %x", tt.in, got, tt.want)
		}
	}
}

func TestUpdatedBefore(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"Updated May 5, 2024", true},
		{"Last updated:", true},
		{"Published May 1, 2024 · Updated June 3, 2024", false},
		{"2019-02-23, 09:14 PM (This post was last modified: 2024-01-05)", false},
		{"May 1, 2024", false},
	} {
		if got := updatedBefore([]byte(tt.in)); got != tt.want {
			t.Errorf("updatedBefore(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestSaysUpdated(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"Last Updated: May 5, 2024", true},
		{"Modified on 5 May 2024", true},
		{"Actualizado el 5 de mayo de 2024", true},
		{"Atualizado em 5 de maio de 2024", true},
		{"Aktualisiert am 5. Mai 2024", true},
		{"Mis à jour le 5 mai 2024", true},
		{"Aggiornato il 5 maggio 2024", true},
		{"Bijgewerkt op 5 mei 2024", true},
		{"Published May 5, 2024", false},
		{"Veröffentlicht am 5. Mai 2024", false},
		{"Publié le 5 mai 2024", false},
		{"Upcoming: May 5, 2024", false},
	} {
		if got := saysUpdated([]byte(tt.in)); got != tt.want {
			t.Errorf("saysUpdated(%q) = %v", tt.in, got)
		}
	}
}

func TestCleanAuthor(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"By Jane Doe", "Jane Doe"},
		{"Written by: Jane Doe | May 5, 2024", "Jane Doe"},
		{"Jane Doe on May 5, 2024", "Jane Doe"},
		{"Dec 17, 2025 Julian K. Arni", "Julian K. Arni"},
		{"Updated January 08, 2026 Written by Meghan Neville", "Meghan Neville"},
		{"Bence Kovács Bence is a software developer specializing in audio", "Bence Kovács"},
		{"Outer Armatonisdaristan »", "Outer Armatonisdaristan"},
		{"Doris Munoz-Mantilla, MD, FOMA", "Doris Munoz-Mantilla, MD, FOMA"},
	} {
		if got := cleanAuthor([]byte(tt.in), true); string(got) != tt.want {
			t.Errorf("cleanAuthor(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestReset checks that nothing of one page leaks into the next.
func TestReset(t *testing.T) {
	c := New(Config{})
	collect(t, c, []byte(page(`<title>First | Site</title><meta name="author" content="Ann"><link rel="canonical" href="https://a.com/1">`, `<h1>First</h1>`)), "https://a.com/1")
	if got := collect(t, c, []byte(page("", "<p>nothing</p>")), ""); !reflect.DeepEqual(got, Metadata{}) {
		t.Errorf("second page: %+v", got)
	}
}

// TestBounded checks that hostile pages keep the Collector within its
// configured memory: JSON-LD, metas and candidates are capped.
func TestBounded(t *testing.T) {
	cfg := Config{MaxJSONLD: 64 << 10, MaxText: 128, MaxCandidates: 8}
	c := New(cfg)
	var b strings.Builder
	b.WriteString("<html><head>")
	for range 2000 {
		b.WriteString(`<meta name="author" content="` + strings.Repeat("x", 1000) + `">`)
	}
	b.WriteString(`<script type="application/ld+json">[`)
	for i := range 20000 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"@type":"Article","headline":"h"}`)
	}
	b.WriteString(`]</script></head><body>`)
	for range 2000 {
		b.WriteString(`<h1>` + strings.Repeat("y", 1000) + `</h1><div class="byline">By Z</div><time datetime="2020-01-01">x</time>`)
	}
	b.WriteString(`<title>` + strings.Repeat("t ", 100000) + `</title></body></html>`)
	m := collect(t, c, []byte(b.String()), "")
	if len(c.cands) > int(numKinds)*cfg.MaxCandidates || len(c.metas) > int(numFields)*cfg.MaxCandidates {
		t.Errorf("%d candidates, %d metas", len(c.cands), len(c.metas))
	}
	if len(c.arena) > 64<<10 || len(c.doc.Nodes) > max(1024, cfg.MaxJSONLD/8) {
		t.Errorf("arena %d bytes, %d JSON nodes", len(c.arena), len(c.doc.Nodes))
	}
	if len(m.Title) > cfg.MaxText {
		t.Errorf("title of %d bytes", len(m.Title))
	}
}

// TestAllocs holds a warm Collector's allocation budget: none while
// collecting and resolving, and at most 4 in Finish (the one string of
// the text fields, the Categories and Tags slices, and resolving a
// relative canonical URL).
func TestAllocs(t *testing.T) {
	html := []byte(page(`<title>Ten Things | Example News</title><meta property="og:site_name" content="Example News">
		<meta property="article:tag" content="a"><meta property="article:section" content="S">
		<link rel="canonical" href="https://ex.com/a/"><script type="application/ld+json">{"@graph":[{"@type":"Article","headline":"Ten Things",
		"author":{"@id":"#p"},"datePublished":"2024-05-17"},{"@type":"Person","@id":"#p","name":"Jane Doe"}]}</script>`,
		`<article><h1>Ten Things</h1><div class="byline">By <a rel="author">Jane Doe</a> <time datetime="2024-05-17">May 17</time></div><p>Text</p></article>`))
	c := New(Config{})
	collect(t, c, html, "https://ex.com/a/")
	run, finish := passRunner(t, c, html)
	run()
	if n := testing.AllocsPerRun(20, run); n != 0 {
		t.Errorf("%.0f allocations collecting and resolving a page, budget 0", n)
	}
	if n := testing.AllocsPerRun(20, finish); n > 4 {
		t.Errorf("%.0f allocations in Finish, budget 4", n)
	}
}
