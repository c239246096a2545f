<cf_nosuchtag>
