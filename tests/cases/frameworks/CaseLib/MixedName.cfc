component { function hi() { return "found"; } }
