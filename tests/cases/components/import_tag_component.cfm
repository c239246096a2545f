<cfimport path="c_imp.tools.*"><cfset shop = new c_imp.TagShop()><cfset h = new Hammer()><cfoutput>#shop.build()# #h.use()#
</cfoutput>
