mod common;
use common::*;
#[test]
fn show() {
    let scripts = ["x = ;\ny = 1 +;\nif (a { b(); }\nz = [1,2;\nf(;\nok();", "a = 1;\n}\nb = 2;", "function f( { }", "x = \"abc", "x = 'a#b';",
       "switch (x) { foo(); case 1: y(); }", "try { } ", "else { }", "x = (1 + 2", "for (i = 0; i < 3 { }", "x = {a: 1, b 2};", "@@@ x = 1;",
       "while (true) x = ;", "f(a=1, 2 3)", "x.();", "new;", "var;", "x = a ? b;", "{{{{", "}}}}", "if", "x = #a;"];
    for x in scripts { println!("{x:?}\n    => {}   {:?}", script(x), diags_s(x)); }
    let tpls = ["<cfif x>a", "<cfelse>", "<cfset x = >", "<cfinclude>", "</cfloop>", "<cfoutput>#x</cfoutput>", "<cfset x = 1", "<cfif x><cfloop index=i from=1 to=2></cfif>",
        "<cfswitch expression=x><cfset y=1><cfcase value=1>a</cfswitch>", "<cftry><cfcatch>x</cftry>", "<!--- unclosed", "<cfscript>x = 1;", "<cffunction>", "<cfloop>x</cfloop>",
        "<cfloop from=1 to=3>x</cfloop>", "<cfset x = 'abc>rest", "<cfinclude template=\"abc>\nrest", "<cfif>x</cfif>", "<cfoutput>a<cfelse>b</cfoutput>", "<cfset a = 1 2>"];
    for x in tpls { println!("{x:?}\n    => {}   {:?}", tpl(x), diags_t(x)); }
}
