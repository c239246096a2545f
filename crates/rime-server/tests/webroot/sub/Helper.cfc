component { function secret() { return "component source"; } }
