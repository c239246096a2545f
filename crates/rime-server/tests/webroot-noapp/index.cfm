no application here
