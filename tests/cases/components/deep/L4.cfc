component extends="L3" {
    function init() { super.init(); variables.trail &= ">L4"; return this; }
    function who() { return "L4[" & super.who() & "]"; }
}
