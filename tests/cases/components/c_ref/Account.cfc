component {
    variables.balance = 0;
    function deposit(n) { variables.balance += n; return this; }
    function balance() { return variables.balance; }
}
