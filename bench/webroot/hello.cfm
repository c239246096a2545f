<cfoutput><!DOCTYPE html><html><head><title>Hello</title></head><body><h1>Hello, World!</h1><p>#dateFormat(now(), "yyyy")#</p></body></html></cfoutput>
