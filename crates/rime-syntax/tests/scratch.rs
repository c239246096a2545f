mod common;
use common::*;
#[test]
fn show() {
    let tpls = ["component { function f() {} }", "Component list: <b>x</b>", "/* c */\n<!--- x --->\nimport foo.*;\ncomponent extends=\"a\" {}", "Import your data today.", "final component {}", "interface displayname=\"x\" { function f(); }",
      "<cfquery name=\"q\">SELECT #x# FROM t WHERE id = <cfqueryparam value=\"#id#\"></cfquery>", "a\r\n<cfset x=1>\r\n b ", "<cfset x = '<cf_x>'><cf_x a=1>y</cf_x>",
      "<cftransaction><cfset a=1><cftransaction action=\"rollback\"></cftransaction>", "<cfoutput>#a.b[1]#</cfoutput>"];
    for x in tpls { println!("{x:?}\n    => {}   {:?}", tpl(x), diags_t(x)); }
}
