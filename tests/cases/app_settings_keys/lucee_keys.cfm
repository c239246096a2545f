<cfscript>
// The keys Lucee's getApplicationSettings() has, with its defaults where the application sets
// nothing; defaultDatasource is the alias of datasource.
s = getApplicationSettings();
for (k in ["name", "sessionManagement", "datasource", "defaultDatasource", "clientStorage", "loginStorage", "sessionStorage", "localMode", "invokeImplicitAccessor", "sameFormFieldsAsArray", "secureJsonPrefix"]) {
    writeOutput(k & "=" & s[k] & ";");
}
writeOutput(isStruct(s.mappings) & isArray(s.customTagPaths) & isStruct(s.javaSettings));
</cfscript>
