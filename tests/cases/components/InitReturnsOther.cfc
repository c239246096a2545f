component {
    function init() { return {replaced: true}; }
}
