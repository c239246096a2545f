a<!--- x <!--- y ---> z --->b<!--- <cfset broken --->c
