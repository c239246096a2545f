<cfdump var="WireBox Mappings: 3" output="console">
<cfdump var="#{a: 1}#" format="text" label="page">
