a<cfexit>b
