<cfscript>
cart = new shop.Cart();
cart.add(new shop.Product("a", 2), 3).add(new shop.Product("b", 5));
writeOutput(cart.count() & "|" & cart.total());
</cfscript>
