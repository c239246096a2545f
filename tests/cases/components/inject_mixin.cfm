<cfscript>
function peek() { return variables.secret & "/" & this.visible; }
function poke(v) { variables.secret = arguments.v; }
t = new c_inject.Target();
t.peek = peek;
t.poke = poke;
writeOutput(t.peek() & chr(10));
t.poke("changed");
writeOutput(t.peek() & chr(10));
u = new c_inject.Target();
u.peek = peek;
writeOutput(u.peek() & chr(10));
</cfscript>
