component extends="Entity" accessors="true" {
    property name="name" type="string" default="anonymous";

    function getId() { return "C-" & super.getId(); }

    function summary() {
        return getId() & " " & getName() & " by " & getCreatedBy() & " (" & variables.id & ")";
    }
}
