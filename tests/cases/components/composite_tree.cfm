<cfscript>
root = new c_tree.Node("root");
a = new c_tree.Node("a");
a.add(new c_tree.Node("a1")).add(new c_tree.Node("a2"));
root.add(a).add(new c_tree.Node("b"));
writeOutput(root.render());
writeOutput(root.size() & chr(10));
a.add(new c_tree.Node("a3"));
writeOutput(root.size() & chr(10));
</cfscript>
