interface { function f(); }
