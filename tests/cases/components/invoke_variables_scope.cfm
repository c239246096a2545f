<cfscript>
// invoke(variables, "m") inside a component calls its own method (a private one too) with its
// `this`; a method adopted from another component and called unscoped there runs as a method
// of this component (FW/1's AOP proxies work this way).
o = new InvokeSelf();
o.adopt(new MixinSource().callOwn);
writeOutput(o.run());
</cfscript>
