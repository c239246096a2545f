component implements="CFIDE.orm.IEventHandler" {
    function preLoad(entity) {}
    function postLoad(entity) {}
    function preInsert(entity) { request.events = (request.events ?: "") & "preInsert:" & getMetadata(entity).name.listLast(".") & " "; }
    function postInsert(entity) {}
    function preUpdate(entity, struct oldData) { request.events = (request.events ?: "") & "preUpdate:" & (oldData.firstName ?: "") & " "; }
    function postUpdate(entity) {}
    function preDelete(entity) { request.events = (request.events ?: "") & "preDelete:" & getMetadata(entity).name.listLast(".") & " "; }
    function postDelete(entity) {}
}
