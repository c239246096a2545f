component {
    variables.items = [];
    function add(required product, numeric qty = 1) {
        arrayAppend(variables.items, {product: arguments.product, qty: arguments.qty});
        return this;
    }
    function total() {
        var sum = 0;
        for (var line in variables.items) {
            sum += line.product.total(line.qty);
        }
        return sum;
    }
    function count() { return arrayLen(variables.items); }
    function each(required fn) {
        for (var line in variables.items) fn(line.product, line.qty);
    }
}
