<cf_outer><cf_inner></cf_inner></cf_outer>
