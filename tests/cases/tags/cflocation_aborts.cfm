a<cfcontent reset="true">b<cflocation url="/next.cfm">c
