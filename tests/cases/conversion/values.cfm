<cfscript>
writeOutput(toNumeric("29.5") & "|" & toNumeric("FF0011", "hex") & "|" & toNumeric("1010", "bin") & "|" & toNumeric("17", "oct") & "|" & toNumeric("z", 36) & "|");
writeOutput(yesNoFormat(true) & "|" & yesNoFormat(false) & "|" & yesNoFormat("") & "|" & yesNoFormat(1) & "|");
writeOutput(trueFalseFormat(1) & "|" & trueFalseFormat("NO") & "|" & trueFalseFormat("") & "|");
writeOutput(booleanFormat(-1) & "|" & booleanFormat(0) & "|");
writeOutput(toString(123) & "|" & toString(true) & "|" & toString("x") & "|");
orig = {"list": [1, 2], "inner": {"v": 1}};
copy = duplicate(orig);
copy.list[1] = 99;
copy.inner.v = 2;
writeOutput(orig.list[1] & orig.inner.v & "|");
arr = [[1], [2]];
arrCopy = arr.duplicate();
arrCopy[1][1] = 5;
writeOutput(arr[1][1] & "|");
shallow = duplicate(orig, false);
shallow.inner.v = 7;
writeOutput(orig.inner.v);
</cfscript>
