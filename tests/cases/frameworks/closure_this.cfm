<cfscript>
b = new ClosureBox();
writeOutput(b.viaClosure() & "," & b.viaEach() & "," & b.viaArrow());
// a closure keeps its component when it outlives the method that made it
f = b.maker();
writeOutput("," & f());
s = {run: b.maker()};
writeOutput("," & s.run());
</cfscript>
