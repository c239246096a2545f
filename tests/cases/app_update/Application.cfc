component {
  this.name = "rime_case_app_update";
  this.mappings["/orig"] = getDirectoryFromPath(getCurrentTemplatePath());
}
