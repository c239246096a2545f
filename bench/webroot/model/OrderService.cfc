component {
    function init() {
        variables.taxRate = 0.2;
        return this;
    }

    function summarize(required array orders) {
        var out = { count: arrayLen(orders), net: 0, gross: 0, customers: [] };
        for (var o in orders) {
            out.net += o.total();
            arrayAppend(out.customers, o.getCustomer());
        }
        out.gross = out.net * (1 + variables.taxRate);
        return out;
    }
}
