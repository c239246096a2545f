<cf_stop>body</cf_stop>|
