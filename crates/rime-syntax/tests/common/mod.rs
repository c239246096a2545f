//! A compact S-expression rendering of the AST, so tests can compare shapes as strings.
#![allow(dead_code)]

use rime_syntax::ast::*;

pub fn op(o: BinOp) -> &'static str {
    use BinOp::*;
    match o {
        Add => "+",
        Sub => "-",
        Mul => "*",
        Div => "/",
        IntDiv => "\\",
        Pow => "^",
        Mod => "%",
        Concat => "&",
        Eq => "==",
        Neq => "!=",
        Lt => "<",
        Lte => "<=",
        Gt => ">",
        Gte => ">=",
        StrictEq => "===",
        StrictNeq => "!==",
        Contains => "contains",
        NotContains => "!contains",
        And => "and",
        Or => "or",
        Xor => "xor",
        Eqv => "eqv",
        Imp => "imp",
    }
}

fn num(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

fn args(a: &[Arg]) -> String {
    a.iter()
        .map(|a| match &a.name {
            Some(n) => format!(" {n}={}", e(&a.value)),
            None => format!(" {}", e(&a.value)),
        })
        .collect()
}

pub fn func(f: &FuncDecl) -> String {
    let mut s = String::from("(fn");
    if f.is_static {
        s.push_str(" static");
    }
    if let Some(a) = &f.access {
        s.push_str(&format!(" {a}"));
    }
    if let Some(t) = &f.return_type {
        s.push_str(&format!(" :{t}"));
    }
    if let Some(n) = &f.name {
        s.push_str(&format!(" {n}"));
    }
    if f.is_arrow {
        s.push_str(" =>");
    }
    s.push_str(" (");
    let ps: Vec<String> = f
        .params
        .iter()
        .map(|p| {
            let mut x = String::new();
            if p.required {
                x.push_str("required ");
            }
            if let Some(t) = &p.type_name {
                x.push_str(&format!("{t} "));
            }
            x.push_str(&p.name);
            if let Some(d) = &p.default {
                x.push_str(&format!("={}", e(d)));
            }
            x
        })
        .collect();
    s.push_str(&ps.join(" "));
    s.push(')');
    for a in &f.attrs {
        s.push_str(&format!(" @{}={}", a.name, e(&a.value)));
    }
    s.push_str(&format!(" {}", block(&f.body)));
    s.push(')');
    s
}

pub fn e(x: &Expr) -> String {
    use ExprKind::*;
    match &x.kind {
        Null => "null".into(),
        Bool(b) => b.to_string(),
        Num(n) => num(*n),
        Str(s) => format!("{s:?}"),
        Interp(parts) => {
            let mut s = String::from("(interp");
            for p in parts {
                match p {
                    StrPart::Lit(l) => s.push_str(&format!(" {l:?}")),
                    StrPart::Expr(x) => s.push_str(&format!(" {}", e(x))),
                }
            }
            s.push(')');
            s
        }
        Ident(n) => n.clone(),
        StaticAccess { class, name } => format!("{class}::{name}"),
        StaticScope { class } => format!("{class}::"),
        Member { obj, name, safe } => {
            format!("({} {} {name})", if *safe { "?." } else { "." }, e(obj))
        }
        Index { obj, index, safe } => {
            format!(
                "({} {} {})",
                if *safe { "?[]" } else { "[]" },
                e(obj),
                e(index)
            )
        }
        Call { callee, args: a } => format!("(call {}{})", e(callee), args(a)),
        New { class, args: a } => format!("(new {}{})", e(class), args(a)),
        NewComponent { decl } => format!("(new-component {})", s(decl)),
        Listen { call, listener } => format!("(listen {} {})", e(call), e(listener)),
        Unary { op, expr } => {
            let o = match op {
                UnaryOp::Neg => "neg",
                UnaryOp::Plus => "pos",
                UnaryOp::Not => "not",
            };
            format!("({o} {})", e(expr))
        }
        Binary { op: o, lhs, rhs } => format!("({} {} {})", op(*o), e(lhs), e(rhs)),
        Ternary { cond, then, else_ } => format!("(? {} {} {})", e(cond), e(then), e(else_)),
        Elvis { lhs, rhs } => format!("(?: {} {})", e(lhs), e(rhs)),
        Assign {
            target,
            op: o,
            value,
        } => match o {
            Some(o) => format!("({}= {} {})", op(*o), e(target), e(value)),
            None => format!("(= {} {})", e(target), e(value)),
        },
        IncDec {
            target,
            prefix,
            increment,
        } => {
            let o = if *increment { "++" } else { "--" };
            if *prefix {
                format!("({o}pre {})", e(target))
            } else {
                format!("(post{o} {})", e(target))
            }
        }
        Array(items) => {
            let v: Vec<String> = items.iter().map(e).collect();
            format!("[{}]", v.join(" "))
        }
        Struct { ordered, entries } => {
            let v: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("{}: {}", e(k), e(v)))
                .collect();
            if *ordered {
                format!("[ordered {}]", v.join(", "))
            } else {
                format!("{{{}}}", v.join(", "))
            }
        }
        Function(f) => func(f),
        Error => "ERR".into(),
    }
}

pub fn attrs(a: &[Attr]) -> String {
    a.iter()
        .map(|a| format!(" {}={}", a.name, e(&a.value)))
        .collect()
}

fn opt(x: &Option<Expr>) -> String {
    match x {
        Some(x) => e(x),
        None => "_".into(),
    }
}

pub fn block(b: &[Stmt]) -> String {
    let v: Vec<String> = b.iter().map(s).collect();
    format!("{{{}}}", v.join(" "))
}

pub fn s(x: &Stmt) -> String {
    use StmtKind::*;
    match &x.kind {
        Text(t) => format!("text({t:?})"),
        Print(x) => format!("(print {})", e(x)),
        Expr(x) => e(x),
        Var { name, init } => match init {
            Some(i) => format!("(var {name} {})", e(i)),
            None => format!("(var {name})"),
        },
        Block(b) => block(b),
        If { cond, then, else_ } => match else_ {
            Some(el) => format!("(if {} {} {})", e(cond), block(then), block(el)),
            None => format!("(if {} {})", e(cond), block(then)),
        },
        Switch { subject, cases } => {
            let mut out = format!("(switch {}", e(subject));
            for c in cases {
                if c.is_default {
                    out.push_str(&format!(" (default {})", block(&c.body)));
                } else {
                    let vs: Vec<String> = c.values.iter().map(e).collect();
                    out.push_str(&format!(" (case [{}] {})", vs.join(" "), block(&c.body)));
                }
            }
            out.push(')');
            out
        }
        For {
            init,
            cond,
            step,
            body,
        } => format!(
            "(for {} {} {} {})",
            init.as_ref().map(|i| s(i)).unwrap_or_else(|| "_".into()),
            opt(cond),
            opt(step),
            block(body)
        ),
        ForIn {
            target,
            declare_var,
            collection,
            body,
        } => format!(
            "(for-in{} {} {} {})",
            if *declare_var { " var" } else { "" },
            e(target),
            e(collection),
            block(body)
        ),
        While { cond, body } => format!("(while {} {})", e(cond), block(body)),
        DoWhile { body, cond } => format!("(do {} {})", block(body), e(cond)),
        Break(None) => "break".into(),
        Continue(None) => "continue".into(),
        Break(Some(l)) => format!("(break {l})"),
        Continue(Some(l)) => format!("(continue {l})"),
        Labeled { label, body } => format!("(label {label} {})", s(body)),
        Return(v) => match v {
            Some(v) => format!("(return {})", e(v)),
            None => "(return)".into(),
        },
        Try {
            body,
            catches,
            finally,
        } => {
            let mut out = format!("(try {}", block(body));
            for c in catches {
                out.push_str(&format!(
                    " (catch {} {} {})",
                    c.type_name,
                    c.var,
                    block(&c.body)
                ));
            }
            if let Some(f) = finally {
                out.push_str(&format!(" (finally {})", block(f)));
            }
            out.push(')');
            out
        }
        Throw { message, attrs: a } => format!("(throw {}{})", opt(message), attrs(a)),
        Rethrow => "rethrow".into(),
        Abort { show_error } => format!("(abort {})", opt(show_error)),
        Include { template } => format!("(include {})", e(template)),
        Param { attrs: a } => format!("(param{})", attrs(a)),
        Function(f) => func(f),
        LoopIndex {
            index,
            from,
            to,
            step,
            body,
        } => format!(
            "(loop-index {} {} {} {} {})",
            e(index),
            e(from),
            e(to),
            opt(step),
            block(body)
        ),
        LoopCondition { cond, body } => format!("(loop-cond {} {})", e(cond), block(body)),
        LoopArray {
            array,
            item,
            index,
            body,
        } => format!(
            "(loop-array {} {} {} {})",
            e(array),
            opt(item),
            opt(index),
            block(body)
        ),
        LoopList {
            list,
            item,
            delimiters,
            body,
        } => format!(
            "(loop-list {} {} {} {})",
            e(list),
            e(item),
            opt(delimiters),
            block(body)
        ),
        LoopCollection {
            collection,
            key,
            value,
            body,
        } => format!(
            "(loop-coll {} {} {} {})",
            e(collection),
            opt(key),
            opt(value),
            block(body)
        ),
        LoopQuery {
            query,
            start_row,
            end_row,
            group,
            group_case_sensitive: _,
            body,
        } => format!(
            "(loop-query {} {} {} {} {})",
            e(query),
            opt(start_row),
            opt(end_row),
            opt(group),
            block(body)
        ),
        LoopTimes { count, body } => format!("(loop-times {} {})", e(count), block(body)),
        SaveContent {
            variable,
            append,
            body,
        } => format!(
            "(savecontent {} {} {})",
            e(variable),
            opt(append),
            block(body)
        ),
        Silent { body: b, .. } => format!("(silent {})", block(b)),
        Setting { attrs: a } => format!("(setting{})", attrs(a)),
        Output(b) => format!("(output {})", block(b)),
        Tag {
            name,
            attrs: a,
            body,
        } => match body {
            Some(b) => format!("(tag {name}{} {})", attrs(a), block(b)),
            None => format!("(tag {name}{})", attrs(a)),
        },
        Error => "ERR".into(),
    }
}

/// Parse a template; render its body (statements separated by spaces).
pub fn tpl(src: &str) -> String {
    let p = rime_syntax::parse_template(src);
    let v: Vec<String> = p.template.body.iter().map(s).collect();
    v.join(" ")
}

pub fn script(src: &str) -> String {
    let p = rime_syntax::parse_script(src);
    let v: Vec<String> = p.template.body.iter().map(s).collect();
    v.join(" ")
}

pub fn expr(src: &str) -> String {
    let (x, _) = rime_syntax::parse_expression(src);
    e(&x)
}

pub fn diags_t(src: &str) -> Vec<String> {
    rime_syntax::parse_template(src)
        .diagnostics
        .into_iter()
        .map(|d| d.message)
        .collect()
}

pub fn diags_s(src: &str) -> Vec<String> {
    rime_syntax::parse_script(src)
        .diagnostics
        .into_iter()
        .map(|d| d.message)
        .collect()
}

pub fn diags_e(src: &str) -> Vec<String> {
    rime_syntax::parse_expression(src)
        .1
        .into_iter()
        .map(|d| d.message)
        .collect()
}
