<cfassociate baseTag="cf_menu">
