use super::*;

fn parse(text: &str) -> Feed {
    parse_feed(text)
        .map_err(|e| e.message.clone())
        .unwrap_or_else(|m| panic!("{m}"))
}

fn row_text(f: &Feed, col: &str, row: usize) -> String {
    let q = f.query();
    let i = q
        .column_index(col)
        .unwrap_or_else(|| panic!("no column {col}"));
    q.get(i, row)
        .map(|v| v.to_str().map(|s| s.into_owned()).unwrap_or_default())
        .unwrap_or_default()
}

#[test]
fn rss2_items_and_channel() {
    let f = parse(
        r#"<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>
        <item><title>A</title><description>&lt;b&gt;x&lt;/b&gt;</description>
        <category>c1</category><category domain="d">c2</category>
        <guid>g1</guid></item></channel></rss>"#,
    );
    assert_eq!(
        f.data.get("version").and_then(FNode::cast).as_deref(),
        Some("rss_2.0")
    );
    assert_eq!(
        f.data.get("title").and_then(FNode::cast).as_deref(),
        Some("T")
    );
    assert_eq!(row_text(&f, "CONTENT", 1), "<b>x</b>");
    assert_eq!(row_text(&f, "CATEGORYLABEL", 1), "c1,c2");
    assert_eq!(row_text(&f, "CATEGORYSCHEME", 1), "d");
    assert_eq!(row_text(&f, "IDPERMALINK", 1), "true");
    assert!(properties(&f.data).get("item").is_none());
}

#[test]
fn atom_keeps_xhtml_as_markup_and_authors() {
    let f = parse(
        r#"<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">F</title>
        <entry><title>E</title><author><name>N</name><email>e@x</email></author>
        <contributor><name>C</name></contributor>
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>a &amp; b</p></div></content>
        <link rel="alternate" href="h1"/><link rel="self" href="h2"/></entry></feed>"#,
    );
    assert_eq!(row_text(&f, "AUTHORNAME", 1), "N");
    assert_eq!(row_text(&f, "CONTRIBUTORNAME", 1), "C");
    assert_eq!(
        row_text(&f, "CONTENT", 1),
        "<div xmlns=\"http://www.w3.org/1999/xhtml\"><p>a &amp; b</p></div>"
    );
    assert_eq!(row_text(&f, "LINKHREF", 1), "h1,h2");
    assert_eq!(row_text(&f, "SUMMARYMODE", 1), "");
}

#[test]
fn rdf_with_dublin_core() {
    let f = parse(
        r#"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel rdf:about="http://x/"><title>R</title></channel>
        <item rdf:about="http://x/1"><title>I</title><dc:creator>me</dc:creator></item></rdf:RDF>"#,
    );
    assert!(f.dc);
    assert_eq!(row_text(&f, "URI", 1), "http://x/1");
    assert_eq!(row_text(&f, "DC_CREATOR", 1), "me");
    let p = properties(&f.data);
    assert_eq!(p.get("title").and_then(FNode::cast).as_deref(), Some("R"));
}

#[test]
fn bad_input_is_an_error() {
    assert!(parse_feed("<html><body/></html>").is_err());
    assert!(parse_feed("not xml").is_err());
    assert!(parse_feed("<rss version=\"2.0\"></rss>").is_err());
    let deep = format!(
        "<rss><channel>{}{}</channel></rss>",
        "<a>".repeat(300),
        "</a>".repeat(300)
    );
    assert!(parse_feed(&deep).is_err());
}

#[test]
fn decodes_declared_encodings() {
    assert_eq!(
        decode(b"<?xml version='1.0' encoding='ISO-8859-1'?><a>\xe9</a>"),
        "<?xml version='1.0' encoding='ISO-8859-1'?><a>\u{e9}</a>"
    );
    assert_eq!(decode("<a>\u{e9}</a>".as_bytes()), "<a>\u{e9}</a>");
}
