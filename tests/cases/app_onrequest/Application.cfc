<cfcomponent>
    <cfset this.name = "rimeOnRequestApp">
    <cffunction name="onRequestStart" returntype="boolean" output="false">
        <cfargument name="targetPage">
        <cfif findNoCase("blocked", arguments.targetPage)>
            <cfreturn false>
        </cfif>
        <cfreturn true>
    </cffunction>
    <cffunction name="onRequest"><cfargument name="targetPage">(<cfinclude template="#arguments.targetPage#">)</cffunction>
</cfcomponent>
