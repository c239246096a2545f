component extends="Base" {
    this.created &= "+child";
    variables.log &= "C";
    function whoami() { return "Child"; }
}
