<cfoutput>#new MixinTester().go()#</cfoutput>
