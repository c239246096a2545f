<cfoutput>title=[#form.title#]
fieldnames=[#form.fieldnames#]
doc=[#form.doc#]
empty=[#form.nofile#]
</cfoutput>
