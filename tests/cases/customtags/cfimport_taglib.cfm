<cfimport taglib="_lib" prefix="ui"><ui:shout text="hi"> <ui:bold>x</ui:bold><cfscript>function f() { return 1; }</cfscript>
