component extends="Base" hint="An order" author="ann" version="2" {
    public string function describe(required string label, numeric qty = 1, boolean urgent = false) cached="yes" {
        return label & qty;
    }

    private numeric function total() { return 0; }

    function untyped(x) { return x; }
}
