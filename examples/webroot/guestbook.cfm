<!--- A guestbook on the embedded SQLite datasource: with no datasource configured, Rime uses a
      SQLite file under the web root's .rime folder (never served). Every value is a bound
      parameter, so a hostile entry is stored as typed. --->
<cfquery>
    CREATE TABLE IF NOT EXISTS guestbook (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        message TEXT NOT NULL,
        created TEXT NOT NULL
    )
</cfquery>
<cfif cgi.request_method EQ "POST" AND len(trim(form.name ?: "")) AND len(trim(form.message ?: ""))>
    <cfquery>
        INSERT INTO guestbook (name, message, created)
        VALUES (
            <cfqueryparam value="#left(trim(form.name), 80)#" cfsqltype="cf_sql_varchar">,
            <cfqueryparam value="#left(trim(form.message), 500)#" cfsqltype="cf_sql_varchar">,
            <cfqueryparam value="#dateTimeFormat(now(), 'yyyy-mm-dd HH:nn')#" cfsqltype="cf_sql_varchar">
        )
    </cfquery>
    <cflocation url="guestbook.cfm" addtoken="false">
</cfif>
<cfquery name="entries">
    SELECT name, message, created FROM guestbook ORDER BY id DESC LIMIT 50
</cfquery>
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Guestbook</title>
  <link rel="stylesheet" href="static/style.css">
</head>
<body>
  <h1>Guestbook</h1>
  <form method="post" action="guestbook.cfm">
    <input name="name" placeholder="Your name" required>
    <input name="message" placeholder="A message" required>
    <button>Sign</button>
  </form>
  <cfoutput>
  <p>#entries.recordCount# entr#entries.recordCount EQ 1 ? "y" : "ies"#.</p>
  <ul>
  <cfloop query="entries">
    <li><strong>#encodeForHTML(entries.name)#</strong> (#entries.created#): #encodeForHTML(entries.message)#</li>
  </cfloop>
  </ul>
  </cfoutput>
  <p><a href="./">Home</a></p>
</body>
</html>
