before<cfabort>after
