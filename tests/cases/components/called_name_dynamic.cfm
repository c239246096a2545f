<cfscript>
d = new Delegator();
h = new DelegateHost();
h.injectMixin("toJson", d.byName);
h.injectMixin("prettyJson", d.byName);
writeOutput(h.toJson() & " " & h.prettyJson() & chr(10));
writeOutput(invoke(h, "toJson") & " " & invoke(h, "prettyJson", {}) & chr(10));
writeOutput(h["toJson"]() & " " & h.viaBracket("prettyJson") & chr(10));
writeOutput(h.viaInvoke("toJson") & chr(10));
fns = [function() { return "element"; }];
writeOutput(fns[1]() & chr(10));
</cfscript>
