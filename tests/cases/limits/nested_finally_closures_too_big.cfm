<cfscript>
// Nested try/finally with a function declared in the innermost finally: each copy of that
// block compiles the closure again, so the template grows past 1,000,000 instructions while
// every single function stays small.
try { x = 0; } finally {
  try { x = 1; } finally {
    try { x = 2; } finally {
      try { x = 3; } finally {
        try { x = 4; } finally {
          try { x = 5; } finally {
            try { x = 6; } finally {
              try { x = 7; } finally {
                try { x = 8; } finally {
                  try { x = 9; } finally {
                    f = function() { a0 = 0 + 0 * 2; a1 = 1 + 1 * 2; a2 = 2 + 2 * 2; a3 = 3 + 3 * 2; a4 = 4 + 4 * 2; a5 = 5 + 5 * 2; a6 = 6 + 6 * 2; a7 = 7 + 7 * 2; a8 = 8 + 8 * 2; a9 = 9 + 9 * 2; a10 = 10 + 10 * 2; a11 = 11 + 11 * 2; a12 = 12 + 12 * 2; a13 = 13 + 13 * 2; a14 = 14 + 14 * 2; a15 = 15 + 15 * 2; a16 = 16 + 16 * 2; a17 = 17 + 17 * 2; a18 = 18 + 18 * 2; a19 = 19 + 19 * 2; a20 = 20 + 20 * 2; a21 = 21 + 21 * 2; a22 = 22 + 22 * 2; a23 = 23 + 23 * 2; a24 = 24 + 24 * 2; a25 = 25 + 25 * 2; a26 = 26 + 26 * 2; a27 = 27 + 27 * 2; a28 = 28 + 28 * 2; a29 = 29 + 29 * 2; };
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}
writeOutput("done");
</cfscript>
