//! The one list tokenizer and the position helpers built on it (first, last, rest).

/// Split on any character of `delims`; empty elements kept when `include_empty`.
/// An empty delimiter string means no delimiter: the list is one element.
pub(super) fn tokens<'a>(list: &'a str, delims: &str, include_empty: bool) -> Vec<&'a str> {
    if list.is_empty() {
        return Vec::new();
    }
    let parts: Vec<&str> = if delims.is_empty() {
        vec![list]
    } else if delims.len() == 1 {
        let d = delims.as_bytes()[0] as char;
        list.split(d).collect()
    } else {
        list.split(|c: char| delims.contains(c)).collect()
    };
    if include_empty {
        parts
    } else {
        parts.into_iter().filter(|p| !p.is_empty()).collect()
    }
}

/// `listToArray` splitting: like `tokens`, plus the whole-string delimiter mode
/// (`multi`), and an empty delimiter splits into characters (framed by two empty
/// elements when empty fields are included, for ACF compatibility).
pub(crate) fn split<'a>(
    list: &'a str,
    delims: &str,
    include_empty: bool,
    multi: bool,
) -> Vec<&'a str> {
    if list.is_empty() {
        return Vec::new();
    }
    if delims.is_empty() {
        let mut v: Vec<&str> = list
            .char_indices()
            .map(|(i, c)| &list[i..i + c.len_utf8()])
            .collect();
        if include_empty {
            v.insert(0, "");
            v.push("");
        }
        return v;
    }
    if multi && delims.chars().nth(1).is_some() {
        let parts = list.split(delims);
        return if include_empty {
            parts.collect()
        } else {
            parts.filter(|p| !p.is_empty()).collect()
        };
    }
    tokens(list, delims, include_empty)
}

pub(super) fn is_delim(delims: &[char], c: char) -> bool {
    delims.contains(&c)
}

/// The delimiter characters, `,` when empty (listFirst/listLast/listRest).
pub(super) fn delim_chars(d: &str) -> Vec<char> {
    if d.is_empty() {
        vec![',']
    } else {
        d.chars().collect()
    }
}

/// Lucee's `getDelimIndex`: byte index of the delimiter that ends item `item` (1-based),
/// the list length when there are fewer items, -1 for an empty list.
pub(super) fn delim_index(list: &str, item: i64, delims: &[char], ignore_empty: bool) -> i64 {
    if list.is_empty() {
        return -1;
    }
    let (mut last, mut curr, mut n) = (-1i64, -1i64, 0i64);
    for (i, c) in list.char_indices() {
        if is_delim(delims, c) {
            curr = i as i64;
            if ignore_empty {
                if curr == last + 1 {
                    last = curr + c.len_utf8() as i64 - 1;
                    continue;
                }
                last = curr + c.len_utf8() as i64 - 1;
            }
            n += 1;
            if n == item {
                break;
            }
        }
    }
    if n < item {
        return list.len() as i64;
    }
    curr
}

pub(super) fn ltrim_delims<'a>(s: &'a str, delims: &[char]) -> &'a str {
    s.trim_start_matches(|c| is_delim(delims, c))
}

pub(super) fn rtrim_delims<'a>(s: &'a str, delims: &[char]) -> &'a str {
    s.trim_end_matches(|c| is_delim(delims, c))
}

pub(super) fn list_first_str(list: &str, d: &str, ignore_empty: bool, count: i64) -> String {
    if count < 1 {
        return String::new();
    }
    let delims = delim_chars(d);
    let ix = delim_index(list, count, &delims, ignore_empty);
    if ix < 0 {
        return list.to_string();
    }
    let r = list.get(..ix as usize).unwrap_or(list);
    if ignore_empty {
        ltrim_delims(r, &delims).to_string()
    } else {
        r.to_string()
    }
}

pub(super) fn list_rest_str(list: &str, d: &str, ignore_empty: bool, offset: i64) -> String {
    if offset < 1 {
        return list.to_string();
    }
    let delims = delim_chars(d);
    let ix = delim_index(list, offset, &delims, ignore_empty);
    if ix < 0 || ix as usize >= list.len().saturating_sub(1) {
        return String::new();
    }
    let after = list
        .get(ix as usize..)
        .and_then(|r| r.chars().next().map(|c| ix as usize + c.len_utf8()))
        .unwrap_or(list.len());
    let r = list.get(after..).unwrap_or("");
    if ignore_empty {
        ltrim_delims(r, &delims).to_string()
    } else {
        r.to_string()
    }
}

/// The last `count` items, keeping the delimiters between them.
pub(super) fn list_last_str(list: &str, d: &str, ignore_empty: bool, count: i64) -> String {
    if count < 1 || list.is_empty() {
        return String::new();
    }
    let delims = delim_chars(d);
    let body = if ignore_empty {
        rtrim_delims(list, &delims)
    } else {
        list
    };
    let mut seen = 0;
    let mut prev_was_delim_at: Option<usize> = None;
    for (i, c) in body.char_indices().rev() {
        if is_delim(&delims, c) {
            let end = i + c.len_utf8();
            let empty_item = prev_was_delim_at == Some(end) || end == body.len();
            prev_was_delim_at = Some(i);
            if ignore_empty && empty_item {
                continue;
            }
            seen += 1;
            if seen == count {
                return body.get(end..).unwrap_or("").to_string();
            }
        }
    }
    if ignore_empty {
        ltrim_delims(body, &delims).to_string()
    } else {
        body.to_string()
    }
}

/// Remove empty elements at the start and the end of the list.
pub(super) fn compact(list: &str, d: &str, multi: bool) -> String {
    if multi && d.chars().nth(1).is_some() {
        let mut s = list;
        while let Some(r) = s.strip_prefix(d) {
            s = r;
        }
        while let Some(r) = s.strip_suffix(d) {
            s = r;
        }
        return s.to_string();
    }
    let delims: Vec<char> = d.chars().collect();
    rtrim_delims(ltrim_delims(list, &delims), &delims).to_string()
}
