<cf_modes><cf_modes>b</cf_modes>
