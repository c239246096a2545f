<cfmodule template="_tags/shout.cfm" text="hey"><cfmodule name="shout" text="you">
