component extends="Entity" accessors="true" {
    property name="lines" type="array";
    property name="customer" type="string" default="";

    function init(numeric id = 0, string customer = "") {
        setId(arguments.id);
        setCustomer(arguments.customer);
        setLines([]);
        return this;
    }

    function addLine(required string sku, numeric qty = 1, numeric price = 0) {
        arrayAppend(variables.lines, { sku: sku, qty: qty, price: price });
        return this;
    }

    numeric function total() {
        var sum = 0;
        for (var line in variables.lines) sum += line.qty * line.price;
        return sum;
    }
}
