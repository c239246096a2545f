component { function callOwn() { return own(); } }
