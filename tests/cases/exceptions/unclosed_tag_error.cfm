<cfif true>
yes
