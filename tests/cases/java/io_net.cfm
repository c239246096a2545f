<cfscript>
nl = chr(10);
JFile = createObject("java", "java.io.File");
f = JFile.init("/tmp//rime-java-case/sub/");
writeOutput(f.getPath() & " " & f.getName() & " " & f.getParent() & " " & f.isAbsolute() & nl);
writeOutput(JFile.init("/tmp", "x.txt").getPath() & " " & JFile.separator & " " & JFile.pathSeparator & nl);
dir = JFile.init(getTempDirectory() & "rime-java-case-" & createUUID());
writeOutput(dir.exists() & " " & dir.mkdirs() & " " & dir.isDirectory() & " " & dir.isFile() & nl);
file = JFile.init(dir, "a.txt");
writeOutput(file.createNewFile() & " " & file.createNewFile() & " " & file.length() & " " & (file.lastModified() > 0) & nl);
fileWrite(file.getAbsolutePath(), "hello");
writeOutput(file.length() & " " & arrayLen(dir.list()) & " " & dir.listFiles()[1].getName() & nl);
JPaths = createObject("java", "java.nio.file.Paths");
p = JPaths.get(file.getPath());
writeOutput(p.getFileName().toString() & " " & (p.getParent().toString() == dir.getPath()) & nl);
Files = createObject("java", "java.nio.file.Files");
writeOutput(Files.exists(p) & " " & Files.size(p) & " " & Files.readString(p) & " " & arrayLen(Files.readAllLines(p)) & nl);
writeOutput(JPaths.get("/a/b/../c/./d").normalize().toString() & " " & JPaths.get("/a", "b", "c").toString() & nl);
writeOutput(left(file.toURI().toString(), 6) & " " & (JPaths.get(file.toURI()).toString() == file.getPath()) & nl);
writeOutput(file.delete() & " " & file.exists() & " " & dir.delete() & " " & dir.exists() & nl);
cs = createObject("java", "java.nio.charset.Charset").forName("utf8");
writeOutput(cs.name() & " " & cs.displayName() & " " & createObject("java", "java.nio.charset.Charset").forName("latin1").name() & nl);
try { createObject("java", "java.nio.charset.Charset").forName("no-such-charset"); } catch (any e) { writeOutput(e.type & nl); }

JURI = createObject("java", "java.net.URI");
u = JURI.create("https://user@example.com:8443/a%20b/c?x=1&y=%3D##frag");
writeOutput(u.getScheme() & "|" & u.getHost() & "|" & u.getPort() & "|" & u.getPath() & "|" & u.getRawPath() & "|" & u.getQuery() & "|" & u.getRawQuery() & "|" & u.getFragment() & "|" & u.getUserInfo() & "|" & u.getAuthority() & nl);
writeOutput(JURI.create("http://example.com").getPort() & " [" & JURI.create("http://example.com").getPath() & "] " & JURI.create("mailto:a@b.c").isOpaque() & nl);
writeOutput(JURI.init("http", "example.com:8080", "/a path", javacast("null", ""), javacast("null", "")).toString() & nl);
writeOutput(JURI.init("http", "h", "/p", "q=1", "f").toString() & nl);
try { JURI.create("http://exa mple.com"); } catch (any e) { writeOutput(e.type & nl); }
jurl = createObject("java", "java.net.URL").init("http://example.com/path/file.cfm?a=1##top");
writeOutput(jurl.getProtocol() & "|" & jurl.getHost() & "|" & jurl.getPort() & "|" & jurl.getDefaultPort() & "|" & jurl.getPath() & "|" & jurl.getQuery() & "|" & jurl.getFile() & "|" & jurl.getRef() & nl);
try { createObject("java", "java.net.URL").init("nope://x"); } catch (any e) { writeOutput(e.type & nl); }
lh = createObject("java", "java.net.InetAddress").getLocalHost();
writeOutput((len(lh.getHostName()) > 0) & " " & (listLen(lh.getHostAddress(), ".") == 4) & nl);
lo = createObject("java", "java.net.InetAddress").getByName("127.0.0.1");
writeOutput(lo.getHostAddress() & " " & lo.isLoopbackAddress() & nl);
</cfscript>
