component {
    this.x = 1;
    this.y = 2;
    variables.hidden = 3;

    function move() { return this; }
    private function secret() { return 0; }
}
