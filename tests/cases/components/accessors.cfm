<cfscript>
u = new User();
u.setFirstName("Grace").setLastName("Hopper");
writeOutput(u.fullName() & "|" & u.getLogins() & "|" & isNull(u.getEmail()));
u.setEmail("g@h.org");
writeOutput("|" & u.getEmail());
</cfscript>
