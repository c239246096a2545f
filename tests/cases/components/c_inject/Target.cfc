component {
    variables.secret = "s3cret";
    this.visible = "yes";

    function greet() { return "hello"; }

    function addHelper() {
        variables.helper = function(x) { return "helped " & x; };
        this.exposed = function() { return "exposed"; };
        return this;
    }

    function useHelper(x) { return helper(x); }
}
