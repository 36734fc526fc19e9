// Package metadata reads a page's metadata — headline, author,
// publication and modification dates, site name, description, canonical
// URL, language, image, categories and tags — in the same pass as the
// extraction: a Collector is a blocks.Handler, so it can be teed with an
// algorithm's handler and sees every element once, keeping only what it
// needs.
//
// The sources, from the most to the least trusted for each field:
//
//   - JSON-LD scripts (@graph, arrays and nested objects included, @id
//     references followed): headline, author (people or organisations,
//     nested or referenced), datePublished/dateCreated/uploadDate,
//     dateModified, publisher and WebSite names, image, articleSection,
//     keywords, description, inLanguage, of the page's main entity (an
//     Article-like type first, then other content types, then WebPage);
//   - meta tags: OpenGraph (og:title, og:site_name, og:url, og:image,
//     article:published_time, article:modified_time, article:author,
//     article:section, article:tag…), Twitter cards, and name=author,
//     description, date, dc.* and dcterms.* (and any namespace's .date
//     or :date), citation_*, parsely-*, sailthru.*, and itemprop metas;
//   - microdata itemprop values (author and its name, headline,
//     datePublished, dateModified), read from content or datetime
//     attributes or from the element's text;
//   - the page itself: <title>, the h1 headings, <time datetime> elements
//     (with their pubdate, itemprop and class), elements whose class or id
//     says byline or author, rel=author links, rel=tag and rel=category
//     links, <link rel=canonical> and <html lang>, and short texts by the
//     headline that are dates (the last one before it, a dateline, in a
//     header only when the h1 follows in the same header, and those after
//     it), in English, German, French, Spanish, Italian, Portuguese and
//     Dutch, and, anywhere outside the page's chrome, a date labelled as
//     the publication's ("Published: July 8, 2025", "Posted on July 8,
//     2025", "Veröffentlicht am …", the label alone and the date in the
//     next element or <time>, a "Written by" byline and the date after
//     the name, or a date-classed text that says "published" before its
//     date), which counts as a <time pubdate>;
//   - the page URL, when the caller knows it (SetURL): canonical links
//     are resolved against it, and a date in its path (/2024/05/17/,
//     /2024/may/17/) is the last resort for the publication date.
//
// The rules: Title is the page's h1 when the metadata's titles agree with
// it (it is what readers see), else the metadata's title, without the
// site's name ("Headline | Site", "Headline - Site", "Site: Headline",
// "Headline | Section | Site"), known from og:site_name, the WebSite's
// name, the host name, or an h1 that is the title's last part; white
// space is collapsed and trimmed. Author names the people (or the
// organisation) that signed, never a link label such as "View more
// posts", a generic account ("admin"), a phrase ("By using this site"),
// a date or a URL; the site's own name only where the page declares it
// as the author (JSON-LD, an author meta) and shows itself as an article
// (an Article entity, or a publication date). Several are
// joined with "; ". Date is the publication date: not the modification
// date (a date said to be an update, by the words before it, goes to
// Modified) unless the page
// says nowhere when it was first published and shows its last update by
// its headline ("Updated May 5, 2024": evergreen pages are dated by it);
// never a lone year such as a copyright notice, never a date far from
// the headline (comments', related articles') unless labelled as the
// publication's, and empty rather than guessed. A <time> element by the
// headline (in a byline, date, meta or article context, or anywhere on a
// page without an h1) that names
// another day than the metadata, more than one day off, is the date
// readers see and wins over it, unless other time elements there name
// other days (a list's). Dates are ISO 8601,
// YYYY-MM-DD, or the full timestamp when the source gives one. A timestamp whose day differs by one from the
// date the page shows by its headline gives way to the shown (local)
// day only when it says no zone or the URL's path gives the shown day: a
// timestamp with a zone is self-consistent, and the day shown is often
// converted to another zone.
//
// Cost: the attributes of html, meta, link, script and time elements are
// read everywhere, but those of other elements (classes, itemprops, rels,
// links) only in a window around the headline: from the first article,
// main or h1 outside the page's chrome to a few thousand bytes of text
// after the h1, 256 elements at most. Reading every element's attributes
// would cost more than the rest of an extraction; bylines and dates are
// near the headline.
//
// Memory is bounded by Config whatever the input: JSON-LD text and the
// nodes parsed from it, the number of meta tags and of text candidates,
// and the bytes kept of each are capped. A warm Collector allocates
// nothing while collecting and resolving; Finish allocates what it
// returns (one string for all the text fields, the Categories and Tags
// slices when there are any, and the resolution of a relative URL).
package metadata
