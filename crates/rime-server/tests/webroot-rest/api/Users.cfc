/** Users, at /rest/api/users. */
component rest="true" restPath="/users" {

    remote array function list(string q = "" restArgSource="query") httpMethod="GET" {
        var out = [];
        for (var id in application.users) {
            if (!len(q) || findNoCase(q, application.users[id])) {
                arrayAppend(out, application.users[id]);
            }
        }
        arraySort(out, "text");
        return out;
    }

    remote struct function get(required numeric id restArgSource="path")
        httpMethod="GET" restPath="{id:[0-9]+}" {
        if (!structKeyExists(application.users, id)) {
            restSetResponse({ status: 404, content: "no user #id#" });
            return {};
        }
        return { "id": id, "name": application.users[id] };
    }

    // Declared after {id}, but a literal segment is more specific.
    remote struct function me() httpMethod="GET" restPath="me" {
        return { "id": 0, "name": "me" };
    }

    remote struct function create(required struct body restArgSource="body") httpMethod="POST"
        consumes="application/json" {
        var id = "9";
        application.users[id] = body.name;
        restSetResponse({ status: 201, headers: { "Location": "/rest/api/users/#id#" } });
        return { "id": id, "name": body.name };
    }

    remote struct function update(required numeric id restArgSource="path", required struct body)
        httpMethod="PUT" restPath="{id:[0-9]+}" {
        application.users[id] = body.name;
        return { "id": id, "name": body.name, "updated": true };
    }

    remote void function remove(required numeric id restArgSource="path")
        httpMethod="DELETE" restPath="{id:[0-9]+}" {
        structDelete(application.users, id);
        restSetResponse({ status: 204 });
    }

    remote string function token(required string token restArgSource="header" restArgName="X-Token",
        string who = "nobody" restArgSource="cookie") httpMethod="GET" restPath="token" produces="text/plain" {
        return "token=#token# who=#who#";
    }

    remote string function color(string color = "none" restArgSource="matrix",
        string size = "" restArgSource="matrix") httpMethod="GET" restPath="paint" produces="text/plain" {
        return "color=#color# size=#size#";
    }

    remote string function signup(required string email restArgSource="form") httpMethod="POST"
        restPath="signup" produces="text/plain" {
        return "signed up #email#";
    }

    remote string function raw(required string body) httpMethod="POST" restPath="raw" produces="text/plain" {
        return "raw=" & body;
    }

    remote function custom() httpMethod="GET" restPath="custom" {
        restSetResponse({ status: 202, content: "custom body",
            headers: { "Content-Type": "text/plain; charset=UTF-8", "X-Custom": "yes" } });
        return { "ignored": true };
    }

    remote function boom() httpMethod="GET" restPath="boom" {
        throw(type = "Rest.Failure", message = "it went wrong", detail = "secret detail");
    }

    remote function files(required string name restArgSource="path") httpMethod="GET"
        restPath="files/{name}.txt" produces="text/plain" {
        return "file " & name;
    }

    private function hidden() httpMethod="GET" restPath="hidden" {
        return "never";
    }

    public function helper() {
        return "not a route";
    }
}
