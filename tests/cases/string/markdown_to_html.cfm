<cfscript>
// markdownToHtml (Lucee 6): Markdown to HTML; safeMode writes embedded HTML as text.
nl = chr(10);
md = "## Heading1" & nl & nl & "Some *simple* paragraph with **bold** text" & nl & nl
    & "- First item" & nl & "- Second item" & nl & nl & "> quoted" & nl;
writeOutput(markdownToHtml(md));
writeOutput(markdownToHtml("<b>raw</b> and *em*"));
writeOutput(markdownToHtml("<script>x()</script>", true));
writeOutput("text with `code`".markdownToHtml());
</cfscript>
