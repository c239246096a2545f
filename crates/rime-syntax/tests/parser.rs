//! Parser tests: tag mode, script mode, expressions, error recovery and robustness.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{diags_e, diags_s, diags_t, expr, script, tpl};
use rime_syntax::ast::{Expr, ExprKind, Stmt, StmtKind, StrPart};
use rime_syntax::{parse_expression, parse_script, parse_template, Span};

// ----- tag mode: text, comments, output ---------------------------------------------------------

#[test]
fn text_around_tags_is_exact() {
    assert_eq!(
        tpl("a\n<cfset x=1>\nb"),
        r##"text("a\n") (= x 1) text("\nb")"##
    );
    assert_eq!(
        tpl("  <p>\r\n\t<cfset x=1>\r\n  </p>  "),
        r##"text("  <p>\r\n\t") (= x 1) text("\r\n  </p>  ")"##
    );
    let p = parse_template("ab<cfset x=1>cd");
    let spans: Vec<Span> = p.template.body.iter().map(|s| s.span).collect();
    assert_eq!(
        spans,
        vec![Span::new(0, 2), Span::new(2, 13), Span::new(13, 15)]
    );
}

#[test]
fn html_and_non_cf_tags_are_text() {
    assert_eq!(
        tpl("<html><!-- c --><x:tag a=1>#x#</x:tag></html>"),
        r##"text("<html><!-- c --><x:tag a=1>#x#</x:tag></html>")"##
    );
}

#[test]
fn comments_are_removed_and_nest() {
    assert_eq!(tpl("a<!--- c --->b"), r##"text("ab")"##);
    assert_eq!(tpl("a<!--- x <!--- y ---> z --->b"), r##"text("ab")"##);
    assert_eq!(
        tpl("<!--- <cfset x = 1> --->\n<cfset y=2>"),
        r##"text("\n") (= y 2)"##
    );
    assert_eq!(diags_t("a <!--- open"), vec!["unclosed comment `<!---`"]);
}

#[test]
fn cfoutput_interpolates() {
    assert_eq!(
        tpl("<cfoutput>Hi #name#! ## #a.b[1]# #f(\"#z#\")#</cfoutput>"),
        r##"(output {text("Hi ") (print name) text("! # ") (print ([] (. a b) 1)) text(" ") (print (call f z))})"##
    );
    // Outside cfoutput, `#` is literal text.
    assert_eq!(tpl("#x# ##"), r##"text("#x# ##")"##);
    // Nested tags inside cfoutput also interpolate.
    assert_eq!(
        tpl("<cfoutput><cfif a>#b#</cfif></cfoutput>"),
        "(output {(if a {(print b)})})"
    );
    assert_eq!(tpl("<CFOUTPUT>#x#</CFOUTPUT>"), "(output {(print x)})");
    let p = parse_template("<cfoutput>a#x#b</cfoutput>");
    let StmtKind::Output(body) = &p.template.body[0].kind else {
        panic!("expected output")
    };
    assert_eq!(body[1].span, Span::new(11, 14));
}

#[test]
fn cfoutput_query() {
    assert_eq!(
        tpl(r##"<cfoutput query="q" group="col" startrow="2" maxrows="10">#col#</cfoutput>"##),
        r##"(loop-query "q" "2" (- (+ "2" "10") 1) "col" {(print col)})"##
    );
    assert_eq!(
        tpl(r##"<cfoutput query="q" startrow=1 endrow=5></cfoutput>"##),
        r##"(loop-query "q" "1" "5" _ {})"##
    );
}

#[test]
fn query_and_mail_bodies_interpolate() {
    assert_eq!(
        tpl(
            r##"<cfquery name="q">SELECT #x# FROM t WHERE id = <cfqueryparam value="#id#"></cfquery>"##
        ),
        r##"(tag query name="q" {text("SELECT ") (print x) text(" FROM t WHERE id = ") (tag queryparam value=id)})"##
    );
}

// ----- tag mode: tags -----------------------------------------------------------------------------

#[test]
fn tag_names_are_case_insensitive_and_self_closing_ok() {
    assert_eq!(
        tpl("<CFSET x = 1><cfSet y = 2 /><cfset z=3/>"),
        "(= x 1) (= y 2) (= z 3)"
    );
    assert_eq!(
        tpl("<cfif a>1<cfelse/>2</CFIF>"),
        r##"(if a {text("1")} {text("2")})"##
    );
}

#[test]
fn cfset_forms() {
    assert_eq!(tpl("<cfset var x = 1>"), "(var x 1)");
    assert_eq!(tpl("<cfset var y>"), "(var y)");
    assert_eq!(tpl("<cfset var local.y = 2>"), "(= (. local y) 2)");
    assert_eq!(script("var a.b = 2;"), "(= (. (. local a) b) 2)");
    assert_eq!(
        tpl("<cfset a.b[\"c\"] = f(1)>"),
        r##"(= ([] (. a b) "c") (call f 1))"##
    );
    assert_eq!(
        tpl("<cfset x = \"a#b#c\">"),
        r##"(= x (interp "a" b "c"))"##
    );
    assert_eq!(tpl("<cfset x = (a > b)>"), "(= x (> a b))");
    assert_eq!(tpl("<cfset x = a <> b>"), "(= x (!= a b))");
    assert_eq!(
        tpl("<cfset f = (x) => x * 2>"),
        "(= f (fn => (x) {(return (* x 2))}))"
    );
    assert_eq!(tpl("<cfset x = \"a>b\">"), r##"(= x "a>b")"##);
    assert_eq!(tpl("<cfset x++>"), "(post++ x)");
}

#[test]
fn cfif_chain() {
    assert_eq!(
        tpl("<cfif a GT b>1<cfelseif c>2<cfelseif d>3<cfelse>4</cfif>"),
        r##"(if (> a b) {text("1")} {(if c {text("2")} {(if d {text("3")} {text("4")})})})"##
    );
    assert_eq!(
        tpl("<cfif (a >= b)>y</cfif>"),
        r##"(if (>= a b) {text("y")})"##
    );
}

#[test]
fn cfloop_variants() {
    assert_eq!(
        tpl(r##"<cfloop index="i" from="1" to="#n#" step="2">x</cfloop>"##),
        r##"(loop-index "i" "1" n "2" {text("x")})"##
    );
    assert_eq!(
        tpl("<cfloop from=1 to=#n# index=i></cfloop>"),
        r##"(loop-index "i" "1" n _ {})"##
    );
    assert_eq!(
        tpl(r##"<cfloop condition="i LT 5"></cfloop>"##),
        "(loop-cond (< i 5) {})"
    );
    assert_eq!(
        tpl(r##"<cfloop array="#arr#" item="x" index="i"></cfloop>"##),
        r##"(loop-array arr "x" "i" {})"##
    );
    assert_eq!(
        tpl(r##"<cfloop list="a;b" index="x" delimiters=";"></cfloop>"##),
        r##"(loop-list "a;b" "x" ";" {})"##
    );
    assert_eq!(
        tpl(r##"<cfloop list="#l#" item="x"></cfloop>"##),
        r##"(loop-list l "x" _ {})"##
    );
    assert_eq!(
        tpl(r##"<cfloop collection="#st#" item="k"></cfloop>"##),
        r##"(loop-coll st "k" _ {})"##
    );
    assert_eq!(
        tpl(r##"<cfloop struct="#st#" key="k" value="v"></cfloop>"##),
        r##"(loop-coll st "k" "v" {})"##
    );
    assert_eq!(
        tpl(r##"<cfloop query="q" startrow="2" endrow="5"></cfloop>"##),
        r##"(loop-query "q" "2" "5" _ {})"##
    );
    assert_eq!(
        tpl(r##"<cfloop times="3">x</cfloop>"##),
        r##"(loop-times "3" {text("x")})"##
    );
    assert_eq!(
        diags_t("<cfloop from=1 to=3></cfloop>"),
        vec!["a from/to loop requires the `index` attribute"]
    );
}

#[test]
fn cfscript_block() {
    assert_eq!(
        tpl("a<cfscript>x = '</cfscript>'; // </cfscript>\n y = 1; /* </cfscript> */</cfscript>b"),
        r##"text("a") (= x "</cfscript>") (= y 1) text("b")"##
    );
    assert_eq!(
        tpl("<CFSCRIPT>if (a) { b(); }</CFSCRIPT >"),
        "(if a {(call b)})"
    );
}

#[test]
fn attribute_values() {
    assert_eq!(
        tpl(
            r##"<cfinclude template="#p#.cfm"><cfinclude template="#p#"><cfinclude template='a''b.cfm'><cfinclude template="x##y.cfm">"##
        ),
        r##"(include (interp p ".cfm")) (include p) (include "a'b.cfm") (include "x#y.cfm")"##
    );
    assert_eq!(
        tpl(r##"<cfinclude template = "a.cfm" >"##),
        r##"(include "a.cfm")"##
    );
    assert_eq!(
        tpl("<cfparam name=x default=#now()# type=numeric>"),
        r##"(param name="x" default=(call now) type="numeric")"##
    );
    assert_eq!(
        tpl(r##"<cfproperty name="p" persistent>"##),
        r##"(tag property name="p" persistent="")"##
    );
}

#[test]
fn cfparam_and_cfthrow_and_friends() {
    assert_eq!(
        tpl(r##"<cfparam name="x" default="1" type="numeric">"##),
        r##"(param name="x" default="1" type="numeric")"##
    );
    assert_eq!(
        tpl(
            r##"<cfthrow message="m" type="t" detail="d" errorcode="e" extendedinfo="x" object="#o#">"##
        ),
        r##"(throw _ message="m" type="t" detail="d" errorcode="e" extendedinfo="x" object=o)"##
    );
    assert_eq!(
        tpl(r##"<cfrethrow><cfabort showerror="boom"><cfabort><cfbreak><cfcontinue>"##),
        r##"rethrow (abort "boom") (abort _) break continue"##
    );
    assert_eq!(
        tpl(r##"<cfsetting enablecfoutputonly="true" showdebugoutput="false">"##),
        r##"(setting enablecfoutputonly="true" showdebugoutput="false")"##
    );
    assert_eq!(
        tpl("<cfreturn><cfreturn a + 1>"),
        "(return) (return (+ a 1))"
    );
}

#[test]
fn cfswitch() {
    assert_eq!(
        tpl(r##"<cfswitch expression="#x#">
  <cfcase value="a,b">A</cfcase>
  <cfcase value="c|d" delimiters="|">C</cfcase>
  <cfdefaultcase>D</cfdefaultcase>
</cfswitch>"##),
        r##"(switch x (case ["a" "b"] {text("A") break}) (case ["c" "d"] {text("C") break}) (default {text("D") break}))"##
    );
}

#[test]
fn cftry() {
    assert_eq!(
        tpl(
            r##"<cftry>t<cfcatch type="My.Err">c</cfcatch> <cfcatch>d</cfcatch><cffinally>f</cffinally></cftry>"##
        ),
        r##"(try {text("t")} (catch My.Err cfcatch {text("c")}) (catch any cfcatch {text("d")}) (finally {text("f")}))"##
    );
}

#[test]
fn cffunction() {
    let src = r##"<cffunction name="f" access="Public" returntype="string" output="false" hint="h">
  <cfargument name="a" required="true" type="string">
  <cfargument name="b" default="#[]#">
  <cfset var x = a>
  <cfreturn x>
</cffunction>"##;
    assert_eq!(
        tpl(src),
        r##"(fn public :string f (required string a b=[]) @output="false" @hint="h" {text("\n  ") text("\n  ") text("\n  ") (var x a) text("\n  ") (return x) text("\n")})"##
    );
}

#[test]
fn cfsavecontent_silent_component_property() {
    assert_eq!(
        tpl(
            r##"<cfsavecontent variable="s" append="true">hi</cfsavecontent><cfsilent>x</cfsilent>"##
        ),
        r##"(savecontent "s" "true" {text("hi")}) (silent {text("x")})"##
    );
    assert_eq!(
        tpl(
            r##"<cfcomponent extends="base" output="false"><cfproperty name="p" type="string"></cfcomponent>"##
        ),
        r##"(tag component extends="base" output="false" {(tag property name="p" type="string")})"##
    );
}

#[test]
fn generic_and_custom_tags() {
    assert_eq!(
        tpl(
            r##"<cflock name="x" timeout="5">b</cflock><cfdump var="#x#"><cf_custom a="1"><cfheader name="h" value="v">"##
        ),
        r##"(tag lock name="x" timeout="5" {text("b")}) (tag dump var=x) (tag _custom a="1") (tag header name="h" value="v")"##
    );
    // Body only when a matching close exists, respecting nesting of the same name.
    assert_eq!(
        tpl("<cf_x><cf_x>in</cf_x>out"),
        r##"(tag _x) (tag _x {text("in")}) text("out")"##
    );
    assert_eq!(
        tpl("<cfhttp url='a'><cfhttp url='b'><cfhttpparam name='p'></cfhttp>"),
        r##"(tag http url="a") (tag http url="b" {(tag httpparam name="p")})"##
    );
    assert_eq!(
        tpl(r##"<cftransaction><cfset a=1><cftransaction action="rollback"></cftransaction>"##),
        r##"(tag transaction {(= a 1) (tag transaction action="rollback")})"##
    );
}

// ----- script mode --------------------------------------------------------------------------------

#[test]
fn script_detection_in_templates() {
    assert_eq!(
        tpl("component { function f() {} }"),
        "(tag component {(fn f () {})})"
    );
    assert_eq!(
        tpl("<!--- c --->\n// x\nimport foo.bar.*;\ncomponent extends=\"a\" {}"),
        r##"(tag import path="foo.bar.*") (tag component extends="a" {})"##
    );
    assert_eq!(
        tpl("abstract component {}"),
        "(tag component abstract=true {})"
    );
    assert_eq!(
        tpl("interface { function f(); }"),
        "(tag interface {(fn f () {})})"
    );
    assert_eq!(
        tpl("Component list: <b>x</b>"),
        r##"text("Component list: <b>x</b>")"##
    );
    assert_eq!(tpl("Import your data."), r##"text("Import your data.")"##);
}

#[test]
fn script_var_and_expressions() {
    assert_eq!(
        script("var x = 1; var y; x++;"),
        "(var x 1) (var y) (post++ x)"
    );
    // The final `;` before `}` or the end is optional, and so is one at a line end.
    assert_eq!(script("x = 1\ny = 2"), "(= x 1) (= y 2)");
    assert_eq!(
        script("function f() { return 1 }"),
        "(fn f () {(return 1)})"
    );
}

#[test]
fn script_if_switch_loops() {
    assert_eq!(
        script("if (a) b(); else if (c) { d(); } else e();"),
        "(if a {(call b)} {(if c {(call d)} {(call e)})})"
    );
    assert_eq!(
        script(r##"switch (x) { case 1: case "a": y(); break; default: z(); }"##),
        r##"(switch x (case [1] {}) (case ["a"] {(call y) break}) (default {(call z)}))"##
    );
    assert_eq!(
        script("for (i = 0; i < 10; i++) { continue; }"),
        "(for (= i 0) (< i 10) (post++ i) {continue})"
    );
    assert_eq!(
        script("for (var i = 0; i < 3; i += 1) {}"),
        "(for (var i 0) (< i 3) (+= i 1) {})"
    );
    assert_eq!(script("for (;;) { break; }"), "(for _ _ _ {break})");
    assert_eq!(script("for (x in coll) {}"), "(for-in x coll {})");
    assert_eq!(
        script("for (var k in st) f(k);"),
        "(for-in var k st {(call f k)})"
    );
    assert_eq!(script("while (a) { a--; }"), "(while a {(post-- a)})");
    assert_eq!(
        script("do { x++; } while (x < 5);"),
        "(do {(post++ x)} (< x 5))"
    );
}

#[test]
fn script_try_throw() {
    assert_eq!(
        script(r##"try { x(); } catch (My.Err e) { } catch ("expression" e2) {} catch (any e) { rethrow; } finally { y(); }"##),
        "(try {(call x)} (catch My.Err e {}) (catch expression e2 {}) (catch any e {rethrow}) (finally {(call y)}))"
    );
    assert_eq!(script("throw \"msg\";"), r##"(throw "msg")"##);
    assert_eq!(
        script(r##"throw(message="m", type="t");"##),
        r##"(throw _ message="m" type="t")"##
    );
    assert_eq!(
        script(r##"throw message="m" type="t";"##),
        r##"(throw _ message="m" type="t")"##
    );
    assert_eq!(script("throw;"), "(throw _)");
}

#[test]
fn script_abort_include_param() {
    assert_eq!(
        script("abort; abort \"msg\";"),
        r##"(abort _) (abort "msg")"##
    );
    assert_eq!(script("abort showerror=\"x\";"), r##"(abort "x")"##);
    assert_eq!(
        script(r##"include "file.cfm"; include template="x.cfm";"##),
        r##"(include "file.cfm") (include "x.cfm")"##
    );
    assert_eq!(
        script(r##"param name="x" default="1" type="numeric";"##),
        r##"(param name="x" default="1" type="numeric")"##
    );
    assert_eq!(script("param x = 1;"), r##"(param name="x" default=1)"##);
    assert_eq!(
        script("param url.id = 0;"),
        r##"(param name="url.id" default=0)"##
    );
    assert_eq!(
        script("param numeric n = 2;"),
        r##"(param type="numeric" name="n" default=2)"##
    );
    assert_eq!(
        script(r##"param string name="z" default="";"##),
        r##"(param type="string" name="z" default="")"##
    );
}

#[test]
fn script_functions() {
    assert_eq!(
        script(
            r##"public string function f(required string name = "x", b, numeric c = 1) output=false { return name; }"##
        ),
        r##"(fn public :string f (required string name="x" b numeric c=1) @output=false {(return name)})"##
    );
    assert_eq!(script("static function g() {}"), "(fn static g () {})");
    assert_eq!(
        script("public static any function h() {}"),
        "(fn static public :any h () {})"
    );
    assert_eq!(
        script("private Foo.Bar function h() {}"),
        "(fn private :Foo.Bar h () {})"
    );
    assert_eq!(
        script("remote array function a() {}"),
        "(fn remote :array a () {})"
    );
    assert_eq!(
        // A doc comment's annotations are the function's attributes (`@hint` wins over the text).
        script("/** doc\n @hint x */\nfunction f(string a hint='p') {}"),
        "(fn f (string a) @hint=\"x\" {})"
    );
}

#[test]
fn script_tag_statements() {
    assert_eq!(
        script(r##"lock name="x" timeout=5 type="exclusive" { a(); }"##),
        r##"(tag lock name="x" timeout=5 type="exclusive" {(call a)})"##
    );
    assert_eq!(
        script(r##"savecontent variable="x" { writeOutput(1); }"##),
        r##"(savecontent "x" _ {(call writeOutput 1)})"##
    );
    assert_eq!(
        script(r##"cfheader(name="x", value="y");"##),
        r##"(tag header name="x" value="y")"##
    );
    assert_eq!(
        script(r##"thread name="t" { }"##),
        r##"(tag thread name="t" {})"##
    );
    assert_eq!(
        script("transaction { x(); }"),
        "(tag transaction {(call x)})"
    );
    assert_eq!(
        script(r##"http url="u" method="get" result="r";"##),
        r##"(tag http url="u" method="get" result="r")"##
    );
    assert_eq!(
        script(r##"location url="x";"##),
        r##"(tag location url="x")"##
    );
    assert_eq!(
        script("setting enablecfoutputonly=true;"),
        "(setting enablecfoutputonly=true)"
    );
    assert_eq!(
        script(r##"component extends="x" accessors=true { property name="a"; }"##),
        r##"(tag component extends="x" accessors=true {(tag property name="a")})"##
    );
    assert_eq!(
        script("component extends=a.b.C {}"),
        r##"(tag component extends="a.b.C" {})"##
    );
    assert_eq!(
        script(
            r##"property string name; property name="x" type="string" default=""; property n;"##
        ),
        r##"(tag property type="string" name="name") (tag property name="x" type="string" default="") (tag property name="n")"##
    );
    assert_eq!(
        script(r##"loop from=1 to=3 index="i" { } loop condition="i LT 3" { }"##),
        r##"(loop-index "i" 1 3 _ {}) (loop-cond (< i 3) {})"##
    );
    assert_eq!(script("exit; flush;"), "(tag exit) (tag flush)");
}

#[test]
fn script_tag_words_are_still_variables() {
    assert_eq!(
        script(
            r##"lock = 5; header.x = 1; query = queryNew(""); dump(x); file.close(); cookie.a = 1;"##
        ),
        r##"(= lock 5) (= (. header x) 1) (= query (call queryNew "")) (call dump x) (call (. file close)) (= (. cookie a) 1)"##
    );
}

#[test]
fn script_comments() {
    assert_eq!(
        script("// line\nx = 1; /* block\n */ y = 2; // tail"),
        "(= x 1) (= y 2)"
    );
}

#[test]
fn cf_call_tags() {
    assert_eq!(
        script(r##"cfloop(query=q, group="fk") { cfloop() { f(); } }"##),
        r#"(loop-query q _ _ "fk" {(tag loop {(call f)})})"#
    );
    assert_eq!(
        script(r##"cfchart(format="html") { } cfinclude(template="a.cfm");"##),
        r##"(tag chart format="html" {}) (include "a.cfm")"##
    );
    // Positional arguments: an ordinary call.
    assert_eq!(
        script(r#"cfforward("x.cfm");"#),
        r#"(call cfforward "x.cfm")"#
    );
    assert_eq!(script(r#"cfUtil(a=1);"#), "(call cfUtil a=1)");
    assert_eq!(
        script(r#"htmlhead text="<x>"; stopwatch variable="t" { }"#),
        r#"(tag htmlhead text="<x>") (tag stopwatch variable="t" {})"#
    );
    // Function listeners; the `:` of a ternary or a `case` is not one.
    assert_eq!(script("t = f(1):g;"), "(= t (listen (call f 1) g))");
    assert_eq!(script("t = new X():{};"), "(= t (listen (new \"X\") {}))");
    assert_eq!(script("r = b ? f() : g;"), "(= r (? b (call f) g))");
    assert_eq!(
        script("index = 1; search.x = 2; update(q);"),
        "(= index 1) (= (. search x) 2) (call update q)"
    );
}

#[test]
fn real_world_idioms() {
    assert_eq!(
        tpl(r#"<cfif isDefined("url.x") and len(trim(url.x))>y</cfif>"#),
        r#"(if (and (call isDefined "url.x") (call len (call trim (. url x)))) {text("y")})"#
    );
    assert_eq!(
        tpl(
            r#"<cfoutput><a href="p.cfm?id=#id#&amp;x=1">#dateFormat(now(), "yyyy-mm-dd")#</a></cfoutput>"#
        ),
        r#"(output {text("<a href=\"p.cfm?id=") (print id) text("&amp;x=1\">") (print (call dateFormat (call now) "yyyy-mm-dd")) text("</a>")})"#
    );
    assert_eq!(
        tpl("<cfset f = function(x) { return x > 1; }>"),
        "(= f (fn (x) {(return (> x 1))}))"
    );
    assert_eq!(
        tpl("<cfset x = y GT 1 ? 'a' : 'b'>"),
        r#"(= x (? (> y 1) "a" "b"))"#
    );
    assert_eq!(
        script(
            r#"q = queryExecute("SELECT 1 WHERE id = :id", {id: {value: 1, cfsqltype: "cf_sql_integer"}});"#
        ),
        r#"(= q (call queryExecute "SELECT 1 WHERE id = :id" {"id": {"value": 1, "cfsqltype": "cf_sql_integer"}}))"#
    );
    assert_eq!(
        script(
            "lock scope=\"application\" type=\"exclusive\" timeout=10 {\n application.x = 1;\n}"
        ),
        r#"(tag lock scope="application" type="exclusive" timeout=10 {(= (. application x) 1)})"#
    );
    assert_eq!(
        script("component {\n  property name=\"x\" type=\"string\";\n  public any function init() { variables.x = arguments.x ?: ''; return this; }\n}"),
        r#"(tag component {(tag property name="x" type="string") (fn public :any init () {(= (. variables x) (?: (. arguments x) "")) (return this)})})"#
    );
    assert_eq!(
        script("if (x) return; else y = 1;"),
        "(if x {(return)} {(= y 1)})"
    );
    assert_eq!(
        script("static { count = 0; } static function make() { return new Thing(); }"),
        r#"(tag static {(= count 0)}) (fn static make () {(return (new "Thing"))})"#
    );
}

// ----- expressions --------------------------------------------------------------------------------

#[test]
fn precedence() {
    assert_eq!(expr("1 + 2 * 3"), "(+ 1 (* 2 3))");
    assert_eq!(expr("-2^2"), "(^ (neg 2) 2)");
    assert_eq!(expr("2^3^2"), "(^ (^ 2 3) 2)");
    assert_eq!(expr("2^-1"), "(^ 2 (neg 1))");
    assert_eq!(expr("NOT a EQ b"), "(not (== a b))");
    assert_eq!(expr("!a && b || c"), "(or (and (not a) b) c)");
    assert_eq!(expr("a & b EQ c"), "(== (& a b) c)");
    assert_eq!(expr("a + b & c"), "(& (+ a b) c)");
    assert_eq!(expr("a MOD b * c"), "(% a (* b c))");
    assert_eq!(expr("a % b + c"), "(+ (% a b) c)");
    assert_eq!(expr("10 \\ 3 * 2"), "(* (\\ 10 3) 2)");
    assert_eq!(expr("a XOR b EQV c IMP d"), "(imp (eqv (xor a b) c) d)");
    assert_eq!(expr("a OR b AND c"), "(or a (and b c))");
    assert_eq!(expr("a eq b ? 1 : 2"), "(? (== a b) 1 2)");
    assert_eq!(expr("a ?: b ?: c"), "(?: a (?: b c))");
    assert_eq!(expr("x = y += 2"), "(= x (+= y 2))");
    assert_eq!(expr("x &= 'a'"), r##"(&= x "a")"##);
    assert_eq!(expr("a - -b"), "(- a (neg b))");
}

#[test]
fn word_operators() {
    assert_eq!(expr("a IS b"), "(== a b)");
    assert_eq!(expr("a is not b"), "(!= a b)");
    assert_eq!(expr("a NEQ b"), "(!= a b)");
    assert_eq!(expr("a GT b"), "(> a b)");
    assert_eq!(expr("a gte b"), "(>= a b)");
    assert_eq!(expr("a GE b"), "(>= a b)");
    assert_eq!(expr("a LT b"), "(< a b)");
    assert_eq!(expr("a lte b"), "(<= a b)");
    assert_eq!(expr("a LE b"), "(<= a b)");
    assert_eq!(expr("a EQUAL b"), "(== a b)");
    assert_eq!(expr("a CONTAINS b"), "(contains a b)");
    assert_eq!(expr("a DOES NOT CONTAIN b"), "(!contains a b)");
    assert_eq!(expr("a GREATER THAN b"), "(> a b)");
    assert_eq!(expr("a greater than or equal to b"), "(>= a b)");
    assert_eq!(expr("a LESS THAN b"), "(< a b)");
    assert_eq!(expr("a less than or equal to b"), "(<= a b)");
    assert_eq!(expr("a === b"), "(=== a b)");
    assert_eq!(expr("a !== b"), "(!== a b)");
    assert_eq!(expr("a <> b"), "(!= a b)");
}

#[test]
fn literals() {
    assert_eq!(expr("[1, 1.5, .5, 1e3]"), "[1 1.5 0.5 1000]");
    assert_eq!(expr(r##""a""b" & 'c''d'"##), r##"(& "a\"b" "c'd")"##);
    assert_eq!(expr(r##""a#b#c##""##), r##"(interp "a" b "c#")"##);
    assert_eq!(expr(r##""#x#""##), "x");
    assert_eq!(
        expr(r##""#a & "x#b#y"#""##),
        r##"(& a (interp "x" b "y"))"##
    );
    assert_eq!(expr("TRUE and False or NULL"), "(or (and true false) null)");
    assert_eq!(
        expr(r##"{a: 1, "b" = 2, 3: x, Mixed: 4}"##),
        r##"{"a": 1, "b": 2, "3": x, "Mixed": 4}"##
    );
    assert_eq!(expr("[a: 1, b = 2]"), r##"[ordered "a": 1, "b": 2]"##);
    assert_eq!(expr("[:]"), "[ordered ]");
    assert_eq!(expr("[=]"), "[ordered ]");
    assert_eq!(expr("[]"), "[]");
    assert_eq!(expr("{}"), "{}");
    assert_eq!(expr("#x#"), "x");
}

#[test]
fn chains() {
    assert_eq!(
        expr("a.b.c(1, x=2)[3].d"),
        "(. ([] (call (. (. a b) c) 1 x=2) 3) d)"
    );
    assert_eq!(expr("a?.b?.[c]?.d()"), "(call (?. (?[] (?. a b) c) d))");
    assert_eq!(expr("f(a:1, 'b'=2)(3)"), r##"(call (call f a=1 b=2) 3)"##);
    assert_eq!(expr("a.default.5.if"), "(. (. (. a default) 5) if)");
    assert_eq!(expr("f(a == b)"), "(call f (== a b))");
    assert_eq!(expr("f(a.b = 1)"), "(call f (= (. a b) 1))");
    assert_eq!(
        expr("new path.to.Comp(1).init()"),
        r##"(call (. (new "path.to.Comp" 1) init))"##
    );
    assert_eq!(expr(r##"new "a.b"(x=1)"##), r##"(new "a.b" x=1)"##);
    assert_eq!(expr("new Comp()"), r##"(new "Comp")"##);
    assert_eq!(expr("++x + y--"), "(+ (++pre x) (post-- y))");
}

#[test]
fn closures_and_arrows() {
    assert_eq!(
        expr("function(a, b = 1) { return a; }"),
        "(fn (a b=1) {(return a)})"
    );
    assert_eq!(expr("(a, b) => a + b"), "(fn => (a b) {(return (+ a b))})");
    assert_eq!(expr("x => x * 2"), "(fn => (x) {(return (* x 2))})");
    assert_eq!(expr("() => 1"), "(fn => () {(return 1)})");
    assert_eq!(expr("(a) => { return a; }"), "(fn => (a) {(return a)})");
    assert_eq!(
        expr("arr.map((x) => x * 2).filter(function(v) { return v; })"),
        "(call (. (call (. arr map) (fn => (x) {(return (* x 2))})) filter) (fn (v) {(return v)}))"
    );
    assert_eq!(expr("(a + b) * c"), "(* (+ a b) c)");
}

#[test]
fn expression_spans() {
    let (e, d) = parse_expression("a + b * c");
    assert!(d.is_empty());
    assert_eq!(e.span, Span::new(0, 9));
    let ExprKind::Binary { rhs, .. } = &e.kind else {
        panic!("binary")
    };
    assert_eq!(rhs.span, Span::new(4, 9));
    let p = parse_template("<cfset x = foo.bar(1)>");
    let StmtKind::Expr(e) = &p.template.body[0].kind else {
        panic!("expr")
    };
    assert_eq!(e.span, Span::new(7, 21));
}

// ----- errors and robustness ----------------------------------------------------------------------

#[test]
fn five_script_errors_give_five_diagnostics() {
    let src = "x = ;\ny = 1 +;\nif (a { b(); }\nz = [1,2;\nf(;\nok();";
    let p = parse_script(src);
    assert_eq!(p.diagnostics.len(), 5, "{:?}", p.diagnostics);
    // Recovery keeps the following statements.
    assert!(script(src).ends_with("(call ok)"));
    for d in &p.diagnostics {
        assert!(d.span.start <= d.span.end && d.span.end as usize <= src.len());
    }
}

#[test]
fn five_template_errors_give_five_diagnostics() {
    let src = "<cfif x>a\n<cfset y = >\n<cfinclude>\n</cfloop>\n<cfcase value=1>\n<p>ok</p>";
    let p = parse_template(src);
    let msgs: Vec<&str> = p.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(msgs.len(), 5, "{msgs:?}");
    assert!(msgs.contains(&"missing `</cfif>`"));
    assert!(msgs.contains(&"`include` requires the `template` attribute"));
    assert!(msgs.contains(&"unexpected closing tag `</cfloop>`"));
}

#[test]
fn tag_errors() {
    assert_eq!(diags_t("<cfelse>"), vec!["`<cfelse>` outside of `<cfif>`"]);
    assert_eq!(
        diags_t("<cfcase value=1>"),
        vec!["`<cfcase>` outside of `<cfswitch>`"]
    );
    assert_eq!(
        diags_t("<cfoutput>#x</cfoutput>"),
        vec!["missing closing `#` (write `##` for a literal `#`)"]
    );
    assert_eq!(
        diags_t("<cfset x = 1"),
        vec!["unclosed tag `<cfset`: missing `>`"]
    );
    assert_eq!(
        diags_t("<cfif>x</cfif>"),
        vec!["`<cfif>` needs a condition"]
    );
    assert_eq!(
        diags_t("<cfset a = 1 2>"),
        vec!["unexpected a number in `<cfset>`"]
    );
    assert_eq!(
        diags_t("<cfif x><cfloop index=i from=1 to=2></cfif>"),
        vec!["missing `</cfloop>`"]
    );
    assert_eq!(
        diags_t("<cfswitch expression=x><cfcase value=1>a</cfswitch>"),
        vec!["missing `</cfcase>`"]
    );
    assert_eq!(diags_t("<cfscript>x = 1;"), vec!["missing `</cfscript>`"]);
    assert_eq!(
        diags_t("<cffunction>"),
        vec![
            "missing `</cffunction>`",
            "`<cffunction>` requires the `name` attribute"
        ]
    );
    assert!(diags_t("<cfif a GT b>x<cfelseif c>y<cfelse>z</cfif>").is_empty());
}

#[test]
fn script_errors() {
    assert_eq!(diags_s("a = 1;\n}\nb = 2;"), vec!["unexpected `}`"]);
    assert_eq!(diags_s("x = \"abc"), vec!["unterminated string literal"]);
    assert_eq!(
        diags_s("try { }"),
        vec!["`try` without `catch` or `finally`"]
    );
    assert_eq!(diags_s("else { }"), vec!["`else` without a matching `if`"]);
    assert_eq!(diags_s("x = 1 y = 2;"), vec!["expected `;`, found `y`"]);
    assert_eq!(diags_s("@ x = 1;"), vec!["unexpected character `@`"]);
    assert_eq!(
        diags_s("{{"),
        vec!["missing `}` for this `{`", "missing `}` for this `{`"]
    );
    assert_eq!(
        diags_e("1 +"),
        vec!["expected an expression, found end of input"]
    );
    assert_eq!(diags_e("(1"), vec!["expected `)`, found end of input"]);
    assert_eq!(diags_e("1 = 2"), vec!["invalid assignment target"]);
    assert_eq!(diags_e(""), vec!["expected an expression"]);
}

/// Walk every statement and expression, checking spans are within the source.
fn check_stmt(s: &Stmt, len: usize) {
    assert!(
        s.span.start <= s.span.end && s.span.end as usize <= len,
        "{s:?}"
    );
    let exprs: Vec<&Expr> = match &s.kind {
        StmtKind::Print(e) | StmtKind::Expr(e) => vec![e],
        StmtKind::Var { init, .. } => init.iter().collect(),
        StmtKind::If { cond, then, else_ } => {
            then.iter().for_each(|s| check_stmt(s, len));
            else_.iter().flatten().for_each(|s| check_stmt(s, len));
            vec![cond]
        }
        StmtKind::Block(b)
        | StmtKind::Silent { body: b, .. }
        | StmtKind::Output(b)
        | StmtKind::While { body: b, .. }
        | StmtKind::DoWhile { body: b, .. }
        | StmtKind::LoopTimes { body: b, .. }
        | StmtKind::LoopCondition { body: b, .. }
        | StmtKind::LoopIndex { body: b, .. }
        | StmtKind::LoopArray { body: b, .. }
        | StmtKind::LoopList { body: b, .. }
        | StmtKind::LoopCollection { body: b, .. }
        | StmtKind::LoopQuery { body: b, .. }
        | StmtKind::SaveContent { body: b, .. }
        | StmtKind::For { body: b, .. }
        | StmtKind::ForIn { body: b, .. } => {
            b.iter().for_each(|s| check_stmt(s, len));
            vec![]
        }
        StmtKind::Tag { body, attrs, .. } => {
            body.iter().flatten().for_each(|s| check_stmt(s, len));
            attrs.iter().map(|a| &a.value).collect()
        }
        StmtKind::Try {
            body,
            catches,
            finally,
        } => {
            body.iter().for_each(|s| check_stmt(s, len));
            catches
                .iter()
                .flat_map(|c| &c.body)
                .for_each(|s| check_stmt(s, len));
            finally.iter().flatten().for_each(|s| check_stmt(s, len));
            vec![]
        }
        StmtKind::Switch { subject, cases } => {
            cases
                .iter()
                .flat_map(|c| &c.body)
                .for_each(|s| check_stmt(s, len));
            vec![subject]
        }
        StmtKind::Function(f) => {
            f.body.iter().for_each(|s| check_stmt(s, len));
            vec![]
        }
        StmtKind::Labeled { body, .. } => {
            check_stmt(body, len);
            vec![]
        }
        _ => vec![],
    };
    for e in exprs {
        check_expr(e, len);
    }
}

fn check_expr(e: &Expr, len: usize) {
    assert!(
        e.span.start <= e.span.end && e.span.end as usize <= len,
        "{e:?}"
    );
    match &e.kind {
        ExprKind::Binary { lhs, rhs, .. } => {
            check_expr(lhs, len);
            check_expr(rhs, len);
        }
        ExprKind::Member { obj, .. } | ExprKind::Unary { expr: obj, .. } => check_expr(obj, len),
        ExprKind::Call { callee, args } => {
            check_expr(callee, len);
            args.iter().for_each(|a| check_expr(&a.value, len));
        }
        ExprKind::Interp(parts) => parts.iter().for_each(|p| {
            if let StrPart::Expr(x) = p {
                check_expr(x, len)
            }
        }),
        ExprKind::Array(items) => items.iter().for_each(|x| check_expr(x, len)),
        ExprKind::Function(f) => f.body.iter().for_each(|s| check_stmt(s, len)),
        _ => {}
    }
}

const BIG: &str = r##"<!--- A template exercising most constructs. <!--- nested ---> --->
<cfparam name="url.id" default="0" type="numeric">
<cfset var local.items = [1, 2, {a: "x#y#z", 'b' = [:]}]>
<cfset total = 0>
<cfoutput query="q" group="cat">
  <h1>#q.cat# ## #encodeForHTML("a#b#")#</h1>
  <cfoutput><li>#q.name#</li></cfoutput>
</cfoutput>
<cfif url.id GT 0 AND NOT structKeyExists(url, "x")>
  <cfloop index="i" from="1" to="#arrayLen(local.items)#" step="1">
    <cfset total += i MOD 2>
    <cfif i EQ 3><cfbreak><cfelseif i IS 2><cfcontinue><cfelse>x</cfif>
  </cfloop>
<cfelse>
  <cfloop array="#items#" item="it" index="n"><cfoutput>#n#: #it#</cfoutput></cfloop>
</cfif>
<cfswitch expression="#url.id#">
  <cfcase value="1,2">one or two</cfcase>
  <cfdefaultcase>other</cfdefaultcase>
</cfswitch>
<cftry>
  <cfthrow message="boom" type="My.Err">
  <cfcatch type="My.Err"><cfrethrow></cfcatch>
  <cffinally>done</cffinally>
</cftry>
<cffunction name="f" access="public" returntype="string" output="false">
  <cfargument name="a" required="true">
  <cfreturn a & "!">
</cffunction>
<cfsavecontent variable="s"><cfinclude template="#p#.cfm"></cfsavecontent>
<cflock name="x" timeout="5"><cf_custom a=1 b=#c#></cflock>
<cfscript>
  // script section
  var x = 1;
  function g(required string name = "x", numeric n = 2) output=false {
    return arguments.name & n;
  }
  /* block */
  for (var k in st) { if (k == "a") continue; else break; }
  for (i = 1; i <= 10; i++) { total += i ^ 2; }
  switch (x) { case 1: case "a": y = x ?: 0; break; default: y = x ? 1 : 2; }
  try { throw(message="m", type="t"); } catch (any e) { rethrow; } finally { z = 1; }
  do { x--; } while (x > 0);
  lock name="x" timeout=1 { a = [a: 1, b: 2]; }
  savecontent variable="out" { writeOutput("#x#"); }
  cfheader(name="X", value="y");
  param name="p" default=1;
  arr = items.map((v) => v * 2).filter(function(v) { return v > 2; });
  obj = new path.to.Comp(a = 1);
  include "other.cfm";
  abort;
</cfscript>
<cfsetting enablecfoutputonly="false">
<p>trailing text</p>
"##;

#[test]
fn every_prefix_parses_without_panic() {
    let len = BIG.len();
    for end in 0..=len {
        let Some(src) = BIG.get(..end) else { continue };
        let p = parse_template(src);
        for s in &p.template.body {
            check_stmt(s, src.len());
        }
        for d in &p.diagnostics {
            assert!(
                d.span.start <= d.span.end && d.span.end as usize <= src.len(),
                "{d:?}"
            );
        }
        // The same text as script and as an expression.
        let _ = parse_script(src);
        let _ = parse_expression(src);
        // And every suffix, which starts in the middle of constructs.
        if end % 7 == 0 {
            let Some(rest) = BIG.get(end..) else { continue };
            let p = parse_template(rest);
            for s in &p.template.body {
                check_stmt(s, rest.len());
            }
        }
    }
    let p = parse_template(BIG);
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
}

#[test]
fn deep_nesting_does_not_overflow() {
    // Run on a small stack so a missing depth limit would show.
    let h = std::thread::Builder::new()
        .stack_size(1024 * 1024)
        .spawn(|| {
            let n = 5000;
            for unit in [
                "(", "[", "{a:", "-", "NOT ", "a = ", "x => ", "f(", "if(a)", "a ? ", "\"#",
            ] {
                let src = format!("x = {}1", unit.repeat(n));
                let p = parse_script(&src);
                assert!(!p.diagnostics.is_empty());
            }
            for unit in [
                "<cfif x>",
                "<cfloop times=1>",
                "<cfoutput>#(",
                "<cf_x>",
                "<cftry>",
            ] {
                let _ = parse_template(&unit.repeat(n));
            }
        })
        .unwrap();
    assert!(h.join().is_ok());
}

#[test]
fn garbage_terminates() {
    let samples = [
        "<<<<>>>>",
        "<cf",
        "</cf",
        "<cf>",
        "<cfset",
        "<cfset >",
        "#",
        "##",
        "<cfoutput>#",
        "<cfoutput>##",
        "\"",
        "'",
        "/*",
        "//",
        "<!---",
        "--->",
        "<cfscript>",
        "</cfscript>",
        "<cfif",
        "<cfelse",
        "}{",
        ")(",
        "][",
        "?.",
        "?:",
        "=>",
        "::",
        "a..b",
        "1e",
        "1.",
        ".",
        "\u{feff}component {",
        "é = 1",
        "<cfset é = 'ü'>",
    ];
    for s in samples {
        let _ = parse_template(s);
        let _ = parse_script(s);
        let _ = parse_expression(s);
    }
}

#[test]
fn return_prefix_increment() {
    let p = rime_syntax::parse_script("function f() { var c = 0; return ++c; }");
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
}

#[test]
fn static_access() {
    assert_eq!(expr("a.b.Comp::make(1)"), "(call a.b.Comp::make 1)");
    assert_eq!(expr("Comp::count"), "Comp::count");
}
