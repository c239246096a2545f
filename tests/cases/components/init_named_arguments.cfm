<cfscript>
writeOutput(new c_initargs.Item("bolt").text() & chr(10));
writeOutput(new c_initargs.Item("nut", 3).text() & chr(10));
writeOutput(new c_initargs.Item(name = "wire", unit = "m").text() & chr(10));
writeOutput(new c_initargs.Item(unit = "kg", qty = 2, name = "sand").text() & chr(10));
writeOutput(new c_initargs.Item(argumentCollection = {name: "glue", qty: 5}).text() & chr(10));
</cfscript>
