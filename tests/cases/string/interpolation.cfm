<cfscript>
name = "World";
n = 3;
arr = [10, 20];
st = {key: "v"};
writeOutput("Hello #name#!");
writeOutput("|#n * 2# items");
writeOutput("|#arr[2]# and #st.key#");
writeOutput("|a#1+1#b");
writeOutput('|single #name#');
writeOutput("|###n###");
</cfscript>
