<cfscript>
writeOutput(new c_implicit.Point().text() & chr(10));
writeOutput(new c_implicit.Point(x = 3, y = 4, label = "p").text() & chr(10));
writeOutput(new c_implicit.Point(y = 9).text() & chr(10));
writeOutput(new c_implicit.Point({x: 5, label: "s"}).text() & chr(10));
writeOutput(new c_implicit.Point(x = 1, colour = "red").text() & chr(10));
</cfscript>
