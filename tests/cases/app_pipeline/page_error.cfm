before|<cfthrow type="Pipeline.Page" message="the page failed">after
