<cfparam name="form.name" default="">
<cfparam name="form.message" default="">
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Form</title>
  <link rel="stylesheet" href="static/style.css">
</head>
<body>
  <h1>A form</h1>
  <cfoutput>
  <cfif cgi.request_method EQ "POST">
    <div class="echo">
      <p>You sent:</p>
      <dl>
        <dt>name</dt><dd>#encodeForHTML(form.name)#</dd>
        <dt>message</dt><dd>#encodeForHTML(form.message)#</dd>
      </dl>
    </div>
  </cfif>
  <form method="post" action="form.cfm">
    <label>Name <input name="name" value="#encodeForHTMLAttribute(form.name)#"></label>
    <label>Message <textarea name="message">#encodeForHTML(form.message)#</textarea></label>
    <button type="submit">Send</button>
  </form>
  </cfoutput>
  <p><a href="./">Home</a></p>
</body>
</html>
