component extends="MyModel" {}
