component {
    function use() { return "zzz"; }
}
