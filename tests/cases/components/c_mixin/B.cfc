component { variables.who = "B"; }
