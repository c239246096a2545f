component {
    this.name = "rimeBench";

    function onApplicationStart() {
        // The fortunes table of the TechEmpower benchmark, in the embedded SQLite datasource.
        queryExecute("create table if not exists fortune (id integer primary key, message varchar(2048) not null)");
        if (queryExecute("select count(*) as n from fortune").n == 0) {
            var messages = [
                "fortune: No such file or directory",
                "A computer scientist is someone who fixes things that aren't broken.",
                "After enough decimal places, nobody gives a damn.",
                "A bad random number generator: 1, 1, 1, 1, 1, 4.33e+67, 1, 1, 1",
                "A computer program does what you tell it to do, not what you want it to do.",
                "Emacs is a nice operating system, but I prefer UNIX. — Tom Christaensen",
                "Any program that runs right is obsolete.",
                "A list is only as strong as its weakest link. — Donald Knuth",
                "Feature: A bug with seniority.",
                "Computers make very fast, very accurate mistakes.",
                "<script>alert(""This should not be displayed in a browser alert box."");</script>",
                "フレームワークのベンチマーク"
            ];
            for (var i = 1; i <= messages.len(); i++) {
                queryExecute("insert into fortune (id, message) values (?, ?)", [i, messages[i]]);
            }
        }
    }
}
