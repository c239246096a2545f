<cfscript>
// A tree of 10,000 nodes with parent links, built per request.
root = {children: [], parent: ""};
nodes = [root];
for (i = 2; i <= 10000; i++) {
    p = nodes[int(i / 2)];
    n = {children: [], parent: p, id: i};
    arrayAppend(p.children, n);
    arrayAppend(nodes, n);
}
writeOutput(arrayLen(nodes));
</cfscript>
