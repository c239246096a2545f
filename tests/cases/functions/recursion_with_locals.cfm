<cfscript>
function walk(node, depth = 0) {
  var out = repeatString("-", depth) & node.name;
  if (structKeyExists(node, "children")) {
    for (var child in node.children) {
      out &= "|" & walk(child, depth + 1);
    }
  }
  return out;
}
tree = {name: "root", children: [{name: "a", children: [{name: "a1"}]}, {name: "b"}]};
writeOutput(walk(tree));
</cfscript>
