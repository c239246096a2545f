<cfscript>
fns = [function(x) { return x + 1; }, function(x) { return x * 3; }];
writeOutput(fns[1](1) & fns[2](2));
lib = {twice: function(s) { return s & s; }};
writeOutput(lib.twice("ab"));
</cfscript>
