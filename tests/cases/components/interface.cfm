<cfscript>
s = new Square(3);
writeOutput(s.area() & " " & s.name() & " " & isInstanceOf(s, "IShape") & " " & isInstanceOf(s, "Square") & " " & isInstanceOf(s, "Other"));
</cfscript>
