<cfscript>
d = new model.Puppy("x");
writeOutput(isInstanceOf(d, "Dog") & isInstanceOf(d, "model.base.Animal") & isInstanceOf(d, "Animal") & isObject(d) & isObject({}));
</cfscript>
