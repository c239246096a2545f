component extends="Sealed" {}
