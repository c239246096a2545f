<cfscript>
// Lucee's words for arguments and return values of the wrong type (programs test them).
function f(numeric a, struct b, array c) { return a; }
numeric function g() { return "abc"; }
numeric function h() { return [1]; }
msgs = [];
try { f("abc", {}, []); } catch (any e) { msgs.append(e.message); }
try { f(1, "x", []); } catch (any e) { msgs.append(e.message); }
try { f(1, {}, {k: 1}); } catch (any e) { msgs.append(e.message); }
try { g(); } catch (any e) { msgs.append(e.message); }
try { h(); } catch (any e) { msgs.append(e.message); }
writeOutput(msgs.toList(chr(10)));
</cfscript>
<cfscript>
try { x = new INothing(); } catch (any e) { writeOutput(chr(10) & e.message); }
</cfscript>
<cfscript>
// The attribute forms of the prefix words.
function k() returntype="numeric" { return "zz"; }
try { k(); } catch (any e) { writeOutput(chr(10) & e.message); }
writeOutput(chr(10) & getMetadata(k).returntype);
</cfscript>
