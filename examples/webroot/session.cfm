<cfset session.visits++>
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Session</title>
  <link rel="stylesheet" href="static/style.css">
</head>
<body>
  <cfoutput>
  <h1>Your session</h1>
  <p>You have seen this page #session.visits# time(s) in this session.</p>
  </cfoutput>
  <p>Reload to count up; another browser gets its own session.</p>
  <p><a href="./">Home</a></p>
</body>
</html>
