<cfscript>
try { throw("went wrong", "My.Type", "the detail"); } catch (My.Type e) { writeOutput(e.message & "|" & e.type & "|" & e.detail); }
try { throw("plain"); } catch (any e) { writeOutput("|" & e.message); }
try { throw(message="named", type="T"); } catch (T e) { writeOutput("|" & e.message); }
</cfscript>
