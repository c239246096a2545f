<cfheader name="X-Rime-Test" value="yes">
<cfheader statuscode="201" statustext="Made">
<cfcookie name="flavour" value="oat meal">
<cfcontent type="application/json">{"ok":true}
