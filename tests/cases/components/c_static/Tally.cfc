component {
    static {
        static.created = 0;
    }

    variables.id = 0;

    function init() {
        static.created++;
        variables.id = static.created;
        return this;
    }

    function getId() { return variables.id; }
    function total() { return static.created; }
}
