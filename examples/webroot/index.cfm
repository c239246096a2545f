<cfset application.hits++>
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Rime</title>
  <link rel="stylesheet" href="static/style.css">
</head>
<body>
  <cfoutput>
  <h1>Hello from Rime</h1>
  <p>This page has been served #application.hits# time(s) since the application started
     at #timeFormat(application.startedAt, "HH:mm:ss")#.</p>
  </cfoutput>
  <ul>
    <li><a href="session.cfm">A session counter</a></li>
    <li><a href="form.cfm">A form that posts to itself</a></li>
    <li><a href="guestbook.cfm">A guestbook on the embedded SQLite datasource</a></li>
  </ul>
</body>
</html>
