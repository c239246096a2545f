<cfoutput>OnRequestEnd.cfm sees #sharedWithPage#
</cfoutput>
