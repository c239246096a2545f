component {
    static function square(n) { return n * n; }
    static function sumOfSquares(a, b) { return MathUtil::square(a) + MathUtil::square(b); }
    function viaInstance(n) { return MathUtil::square(n) + 1; }
}
