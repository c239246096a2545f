<cfscript>
nl = chr(10);
queryExecute("drop table if exists dbi_child");
queryExecute("drop table if exists dbi_parent");
queryExecute("create table dbi_parent (id integer primary key, label text not null)");
queryExecute("create table dbi_child (id integer primary key, parent_id integer references dbi_parent(id), note text default 'n')");
queryExecute("create index dbi_child_parent on dbi_child (parent_id)");
cfdbinfo(type = "version", name = "v");
writeOutput(v.DATABASE_PRODUCTNAME & nl);
cfdbinfo(type = "tables", name = "t", pattern = "dbi_%");
writeOutput(valueList(t.TABLE_NAME) & " " & t.TABLE_TYPE[1] & nl);
cfdbinfo(type = "columns", name = "c", table = "dbi_child");
writeOutput(valueList(c.COLUMN_NAME) & " " & valueList(c.IS_PRIMARYKEY) & " " & valueList(c.IS_FOREIGNKEY) & " " & c.REFERENCED_PRIMARYKEY_TABLE[2] & " " & c.COLUMN_DEFAULT_VALUE[3] & nl);
cfdbinfo(type = "columns", name = "p", table = "dbi_parent");
writeOutput(valueList(p.IS_NULLABLE) & " " & p.TYPE_NAME[2] & nl);
cfdbinfo(type = "index", name = "i", table = "dbi_child");
writeOutput(i.INDEX_NAME & " " & i.COLUMN_NAME & " " & i.NON_UNIQUE & nl);
cfdbinfo(type = "foreignkeys", name = "fk", table = "dbi_child");
writeOutput(fk.PKTABLE_NAME & "." & fk.PKCOLUMN_NAME & " <- " & fk.FKCOLUMN_NAME & nl);
try { cfdbinfo(type = "columns", name = "x", table = "nope"); } catch (database e) { writeOutput("missing table" & nl); }
try { cfdbinfo(type = "bogus", name = "x"); } catch (any e) { writeOutput(e.type & nl); }
</cfscript>
