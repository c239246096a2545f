<cflocation url="/hello.cfm?name=moved" addtoken="false">
