<cfset w1 = new c_tagbody.Widget("x")><cfset w2 = new c_tagbody.Widget()><cfset w3 = new c_tagbody.Widget(label="named")><cfoutput>#w1.getSteps()#
#w2.getSteps()#
#w3.getSteps()#
</cfoutput>
