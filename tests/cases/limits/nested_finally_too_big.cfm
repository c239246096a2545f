<cfscript>
// Twenty try/finally blocks nested in finally: compiled naively this is 3^20 copies.
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
                    try { x = 10; } finally {
                      try { x = 11; } finally {
                        try { x = 12; } finally {
                          try { x = 13; } finally {
                            try { x = 14; } finally {
                              try { x = 15; } finally {
                                try { x = 16; } finally {
                                  try { x = 17; } finally {
                                    try { x = 18; } finally {
                                      try { x = 19; } finally {
                                        y = 1;
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
</cfscript>
