<cfscript>
// `elseif` as one word (Lucee), next to `else if`.
function kind(n) {
    if (n < 0) { return "negative"; }
    elseif (n == 0) { return "zero"; }
    else if (n < 10) { return "small"; }
    elseif (n < 100) return "medium";
    else { return "large"; }
}
writeOutput([kind(-1), kind(0), kind(5), kind(50), kind(500)].toList(" "));
</cfscript>
