component {
    function onSuccess(result) { thread.success = result; }
    function onFail(result, error) { thread.fail = error.message; }
}
