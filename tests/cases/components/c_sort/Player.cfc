component {
    function init(required string name, required numeric score) {
        variables.name = arguments.name;
        variables.score = arguments.score;
        return this;
    }
    function getName() { return variables.name; }
    function getScore() { return variables.score; }
    function addPoints(n) { variables.score += n; return this; }
}
