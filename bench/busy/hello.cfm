<cfoutput>Hello, #"World"#!</cfoutput>
