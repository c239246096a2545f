<cfset c = new c_invoke.Calc()><cfinvoke component="#c#" method="add" returnvariable="r1"><cfinvokeargument name="a" value="4"><cfinvokeargument name="b" value="5"></cfinvoke><cfinvoke component="#c#" method="describe" label="z" n="8" returnvariable="r2"><cfinvoke component="c_invoke.Calc" method="scale" n="3" returnvariable="r3"><cfoutput>#r1#
#r2#
#r3#
</cfoutput>
