component extends="L1" {
    function init() { super.init(); variables.trail &= ">L2"; return this; }
    function who() { return "L2(" & super.who() & ")"; }
}
