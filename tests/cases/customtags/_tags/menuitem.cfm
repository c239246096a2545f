<cfif thisTag.executionMode EQ "start"><cfassociate baseTag="cf_menu"><cfif structKeyExists(attributes, "extra")><cfassociate baseTag="CF_MENU" dataCollection="links"></cfif></cfif>
