<cfscript>
cart = new shop.Cart();
cart.add(new shop.Product("q", 1)).add(new shop.Product("r", 2));
names = "";
cart.each(function(p, qty) { names &= p.getSku(); });
writeOutput(names);
</cfscript>
