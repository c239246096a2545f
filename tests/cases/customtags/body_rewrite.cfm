<cf_box>  hello there  </cf_box>
