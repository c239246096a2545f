<cfscript>
i = 5;
writeOutput(i++ & ",");
writeOutput(i & ",");
writeOutput(++i & ",");
writeOutput(i-- & ",");
writeOutput(--i & ",");
st = {n: 1};
st.n++;
++st.n;
writeOutput(st.n & ",");
arr = [1];
arr[1]++;
writeOutput(arr[1]);
</cfscript>
