not reached
