<cfsavecontent variable="t"><cftimer label="work" type="inline">body:</cftimer></cfsavecontent><cfoutput>#reFind("^body:work: [0-9]+ms$", t)#|<cftimer type="debug">quiet</cftimer></cfoutput>
