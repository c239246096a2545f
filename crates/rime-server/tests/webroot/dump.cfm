<cfset data = {name: "<script>alert(1)</script>", list: [1, 2]}><cfdump var="#data#" label="data">
