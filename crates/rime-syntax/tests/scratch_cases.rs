fn wrap(code: &str) -> String {
    let trimmed = code.trim();
    if trimmed.contains("<cf") || trimmed.contains("<CF") {
        return trimmed.to_string();
    }
    let (_, diags) = rime_syntax::parse_expression(trimmed.trim_end_matches(';'));
    if diags.is_empty() && !trimmed.contains(';') {
        format!("<cfscript>writeOutput({});</cfscript>", trimmed.trim_end_matches(';'))
    } else {
        format!("<cfscript>{trimmed}</cfscript>")
    }
}
#[test]
fn cases() {
    let mut files: Vec<_> = std::fs::read_dir("/tmp/rs/ex").unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let (mut bad, mut n) = (0, 0);
    for p in files {
        let code = std::fs::read_to_string(&p).unwrap();
        let src = wrap(&code);
        n += 1;
        let r = rime_syntax::parse_template(&src);
        if !r.diagnostics.is_empty() {
            bad += 1;
            let idx = rime_syntax::LineIndex::new(&src);
            println!("== {}", p.file_name().unwrap().to_string_lossy());
            for d in r.diagnostics.iter().take(3) {
                let (l, c) = idx.line_col(d.span.start);
                println!("   {l}:{c} {}  | {}", d.message, idx.line_text(&src, l).trim().chars().take(110).collect::<String>());
            }
        }
    }
    println!("{bad} of {n} with diagnostics");
}
