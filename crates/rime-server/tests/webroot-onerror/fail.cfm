<cfthrow message="boom">
