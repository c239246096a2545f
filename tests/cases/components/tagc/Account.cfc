<cfcomponent displayname="Account" hint="A bank account" accessors="true">
    <cfproperty name="owner" type="string" default="nobody">
    <cfproperty name="balance" type="numeric" default="0">

    <cffunction name="deposit" access="public" returntype="any" output="false">
        <cfargument name="amount" type="numeric" required="true">
        <cfif arguments.amount LTE 0>
            <cfthrow type="Account.InvalidAmount" message="amount must be positive">
        </cfif>
        <cfset variables.balance += arguments.amount>
        <cfreturn this>
    </cffunction>

    <cffunction name="withdraw" access="public" output="false">
        <cfargument name="amount" type="numeric" required="true">
        <cfif arguments.amount GT variables.balance>
            <cfthrow type="Account.Insufficient" message="insufficient funds" detail="balance #variables.balance#">
        </cfif>
        <cfset variables.balance -= arguments.amount>
        <cfreturn this>
    </cffunction>

    <cffunction name="audit" access="private" output="false">
        <cfreturn "audited">
    </cffunction>

    <cffunction name="report" access="public" output="true"><cfoutput>#getOwner()#:#getBalance()#</cfoutput></cffunction>
</cfcomponent>
