<cfscript>
s = {a: 1}; s.me = s;
d = duplicate(s);
d.a = 2;
writeOutput(d.me.a & "," & d.me.me.a & "," & s.a);
shared = [1];
t = {x: shared, y: shared};
c = duplicate(t);
c.x.append(2);
writeOutput("|" & arrayLen(c.y) & "," & arrayLen(shared));
</cfscript>
