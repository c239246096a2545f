<cfscript>
// Unscoped writes inside a thread go to the thread's local scope, never the page's variables;
// reads fall back to the page; the tag's attributes are the thread's arguments and its
// `attributes` scope.
t0 = 1;
counter = 10;
thread name="w" x=5 {
  t0 = 2;
  counter = counter + 1;
  variables.v = 3;
  thread.t = t0;
  thread.c = counter;
  thread.a = x & "," & attributes.x & "," & arguments.x;
  cfloop(from=1, to=2, index="k") {}
  thread.k = k;
  local.l = 4;
  thread.l = l;
}
threadJoin("w");
writeOutput("t0=#t0# counter=#counter# v=#v# t=#cfthread.w.t# c=#cfthread.w.c# a=#cfthread.w.a# k=#cfthread.w.k# l=#cfthread.w.l# pageK=#isDefined('k')# pageL=#isDefined('l')#");
// Threads started in a loop each keep their own copy of the loop's values.
names = [];
for (i = 1; i <= 3; i++) {
  arrayAppend(names, "n#i#");
  thread name="n#i#" n=i { sum = 0; for (j = 1; j <= n; j++) sum += j; thread.sum = sum; }
}
threadJoin(arrayToList(names));
writeOutput(" sums=#cfthread.n1.sum#,#cfthread.n2.sum#,#cfthread.n3.sum# i=#i# j=#isDefined('j')#");
</cfscript>
