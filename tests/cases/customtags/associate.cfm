<cf_menu><cf_menuitem label="Home" href="/"><cf_menuitem label="About" href="/about" extra="1"><cfif true><cf_menuitem label="Contact" href="/contact"></cfif></cf_menu>
