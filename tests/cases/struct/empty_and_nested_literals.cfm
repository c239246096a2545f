<cfscript>
s = {list: [1, 2, {inner: "yes"}], empty: {}, arr: []};
writeOutput(s.list[3].inner);
</cfscript>
