<cfcomponent extends="Account">
    <cfset variables.rate = 0.1>
    <cffunction name="addInterest" output="false">
        <cfset deposit(getBalance() * variables.rate)>
        <cfreturn this>
    </cffunction>
</cfcomponent>
