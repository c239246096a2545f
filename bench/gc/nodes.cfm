<cfscript>
// A parent and 200 children that point back at it (issue #23's first page).
root = new Node();
for (i = 1; i <= 200; i++) {
    n = new Node(root);
}
writeOutput("ok");
</cfscript>
