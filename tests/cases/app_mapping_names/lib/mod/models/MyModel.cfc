component { function hi() { return "hi"; } }
