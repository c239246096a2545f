<cfscript>
writeOutput(new c_superinit.Bike("trek").info() & chr(10));
writeOutput(new c_superinit.Bike("bmc", "gravel").info() & chr(10));
writeOutput(new c_superinit.Truck("volvo", 6).info() & chr(10));
writeOutput(new c_superinit.Truck(make = "man").info() & chr(10));
</cfscript>
