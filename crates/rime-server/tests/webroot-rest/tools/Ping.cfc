component rest="true" restPath="ping" {
    remote function pong() httpMethod="GET" produces="text/plain" {
        return "pong";
    }
}
