component extends="L2" {
    function init() { super.init(); variables.trail &= ">L3"; return this; }
    function useBaseSecret() { return secretBase(); }
}
