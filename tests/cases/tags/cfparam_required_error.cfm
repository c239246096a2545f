<cfparam name="mustExist">
