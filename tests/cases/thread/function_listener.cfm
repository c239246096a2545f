<cfscript>
// Function listeners (Lucee 6.1): `call():listener` runs the call on a thread of its own and
// hands the result or the error to the listener; the expression is the thread's name.
function mySuccess() { return "Susi Sorglos"; }
function myError() { throw "Upsi dupsi!"; }
function logAndFail(name, value) { request.echo[name] = value; throw "Upsi dupsi!"; }

t = mySuccess():function(result, error) { thread.result = result; };
threadJoin(t);
writeOutput("udf: " & cfthread[t].result & chr(10));

t = myError():function(result, error) { thread.result = error.message; };
threadJoin(t);
writeOutput("error: " & cfthread[t].result & chr(10));

t = arrayLen([1, 2, 3]):function(result, error) { thread.result = result; };
threadJoin(t);
writeOutput("bif: " & cfthread[t].result & chr(10));

function chains() {
    local.a.b.c.d = mySuccess;
    var t = local.a.b.c.d():function(result, error) { thread.result = result ?: error; };
    threadJoin(t);
    writeOutput("local chain: " & cfthread[t].result & chr(10));
    arguments.a.b.c.d = mySuccess;
    t = arguments.a.b.c.d():function(result, error) { thread.result = result ?: error; };
    threadJoin(t);
    writeOutput("arguments chain: " & cfthread[t].result & chr(10));
}
chains();
variables.a.b.c.d = mySuccess;
t = variables.a.b.c.d():function(result, error) { thread.result = result ?: error; };
threadJoin(t);
writeOutput("variables chain: " & cfthread[t].result & chr(10));

coll = {
    onSuccess: function(result) { thread.success = result; },
    onFail: function(result, error) { thread.fail = error.message; }
};
t = mySuccess():coll;
threadJoin(t);
writeOutput("struct success: " & cfthread[t].success & chr(10));
t = myError():{
    onSuccess: function(result) { thread.success = result; },
    onFail: function(result, error) { thread.fail = error.message; }
};
threadJoin(t);
writeOutput("struct fail: " & cfthread[t].fail & chr(10));

cfc = new ListenerTarget();
t = mySuccess():cfc;
threadJoin(t);
writeOutput("component success: " & cfthread[t].success & chr(10));
t = myError():cfc;
threadJoin(t);
writeOutput("component fail: " & cfthread[t].fail & chr(10));

t = logAndFail("testNull", "Peter Lustig"):nullValue();
threadJoin(t);
writeOutput("null: " & request.echo.testNull & chr(10));
t = logAndFail("testStruct", "Ruedi Zraggen"):{};
threadJoin(t);
writeOutput("empty struct: " & request.echo.testStruct & chr(10));

// Where `:` belongs to something else.
savecontent variable="sw" {
    switch (mySuccess()) {
        case mySuccess():echo(123);
    }
}
writeOutput("switch: " & sw & chr(10));
b = true;
writeOutput("ternary: " & (b ? mySuccess() : "not b") & chr(10));
loop times=2 {
    t = mySuccess():function(result, error) { thread.v = result; };
    threadJoin(t);
}
writeOutput("loop: " & cfthread[t].v & chr(10));
</cfscript>
<cfscript>
t = new ListenerTarget():function(result, error) { thread.r = listLast(getMetadata(result).name, "."); };
threadJoin(t);
writeOutput("new: " & cfthread[t].r & chr(10));
t = ListenerStatic::make("x"):function(result, error) { thread.r = result; };
threadJoin(t);
writeOutput("static: " & cfthread[t].r & chr(10));
writeOutput("status: " & cfthread[t].status);
</cfscript>
