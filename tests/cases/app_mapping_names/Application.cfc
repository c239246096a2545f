component {
  this.name = "rime_case_app_mapping_names";
  this.mappings["/aroot"] = getDirectoryFromPath(getCurrentTemplatePath());
  this.mappings["/mod"] = getDirectoryFromPath(getCurrentTemplatePath()) & "lib/mod/";
}
