component { function hi() { return "hi from sub"; } }
