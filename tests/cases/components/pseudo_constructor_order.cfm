<cfscript>
request.log = [];
c = new c_order.Child();
writeOutput(arrayToList(request.log, ", ") & chr(10));
request.log = [];
p = new c_order.Parent();
writeOutput(arrayToList(request.log, ", ") & chr(10));
request.log = [];
c2 = createObject("component", "c_order.Child");
writeOutput(arrayToList(request.log, ", ") & chr(10));
</cfscript>
