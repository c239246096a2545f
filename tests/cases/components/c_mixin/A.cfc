component { variables.who = "A"; function whoami() { return variables.who; } }
