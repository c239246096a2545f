component {
    string function feed(required Animal a) { return "fed " & a.sound(); }
    Animal function adopt() { return new Dog(); }
    Animal function fake() { return new Rock(); }
    numeric function count(string s) { return s; }
}
