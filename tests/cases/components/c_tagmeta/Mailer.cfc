<cfcomponent output="false" hint="Sends mail" displayname="Mailer">
    <cffunction name="send" access="public" returntype="boolean" output="false" hint="Sends one message">
        <cfargument name="to" type="string" required="true" hint="recipient">
        <cfargument name="subject" type="string" required="false" default="(none)">
        <cfargument name="retries" type="numeric" required="false" default="1">
        <cfreturn true>
    </cffunction>
    <cffunction name="queue" access="private" returntype="void" output="false">
    </cffunction>
</cfcomponent>
