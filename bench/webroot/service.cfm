<cfscript>
// A service held in application scope; 10 entity components created per request, each with
// accessors and an inherited base; a struct/array round trip through the service.
if (!structKeyExists(application, "orders")) application.orders = new model.OrderService();
orders = [];
for (i = 1; i <= 10; i++) {
    o = new model.Order(i, "customer" & i);
    o.addLine("A-" & i, 2, 9.5).addLine("B-" & i, 1, 20);
    arrayAppend(orders, o);
}
s = application.orders.summarize(orders);
</cfscript>
<cfoutput>#s.count# orders, net #s.net#, gross #numberFormat(s.gross, "0.00")#, first #s.customers[1]#</cfoutput>
