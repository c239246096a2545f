<cfscript>
p = new shop.Product("A-1", 2.5);
writeOutput(p.getSku() & "|" & p.getPrice() & "|" & p.total(4));
p.setPrice(3);
writeOutput("|" & p.total(2));
</cfscript>
