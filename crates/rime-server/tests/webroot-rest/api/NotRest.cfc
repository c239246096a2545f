component {
    remote function get() httpMethod="GET" {
        return "not a rest component";
    }
}
