component accessors="true" {
    property name="host" default="localhost";
    property name="port" type="numeric" default="8080";
    function init(string host, numeric port) {
        if (!isNull(arguments.host)) setHost(arguments.host);
        if (!isNull(arguments.port)) setPort(arguments.port);
        return this;
    }
    function url() { return "http://" & getHost() & ":" & getPort(); }
}
