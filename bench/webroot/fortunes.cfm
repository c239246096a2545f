<cfscript>
// TechEmpower's fortunes test: read every row, add one at request time, sort by message,
// HTML-encode and render a table.
rows = queryExecute("select id, message from fortune");
fortunes = [];
for (row in rows) {
    fortunes.append({id: row.id, message: row.message});
}
fortunes.append({id: 0, message: "Additional fortune added at request time."});
fortunes.sort((a, b) => compare(a.message, b.message));
</cfscript><!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr><cfoutput><cfloop array="#fortunes#" item="f"><tr><td>#f.id#</td><td>#encodeForHTML(f.message)#</td></tr></cfloop></cfoutput></table></body></html>
