<cf_repeat times="3">x</cf_repeat>
