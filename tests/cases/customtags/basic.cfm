<cf_greet name="Ann"> <cf_greet>
