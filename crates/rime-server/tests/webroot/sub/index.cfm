sub index
