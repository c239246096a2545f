<cfscript>
n = new c_props.Named();
writeOutput(n.setName("ann").getName() & " " & n.getCalls() & chr(10));
n.setName("bob");
n.setCalls(10);
writeOutput(n.getName() & " " & n.getCalls() & chr(10));
</cfscript>
