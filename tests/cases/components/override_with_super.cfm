<cfscript>
c = new shop.DiscountCart(50);
c.add(new shop.Product("x", 10), 2);
writeOutput(c.total() & "|" & c.count());
</cfscript>
