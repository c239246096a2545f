<cfscript>
a = new tagc.Account();
a.setOwner("zed");
a.report();
</cfscript>
