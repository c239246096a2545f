<cfscript>
// Bad input is a CFML error, never a crash; huge sizes are refused.
function attempt(f) {
	try {
		f();
		return "ok";
	} catch (any e) {
		return e.type;
	}
}
dir = getTempDirectory() & "rime_case_img_err_" & createUUID() & "/";
directoryCreate(dir);
fileWrite(dir & "note.txt", "no image here");
img = imageNew("", 10, 10);
writeOutput(attempt(function() { imageRead(dir & "missing.png"); }) & "|");
writeOutput(attempt(function() { imageNew("", 10, 10, "rgb", "notacolour"); }) & "|");
writeOutput(attempt(function() { imageSetDrawingColor(img, "##12"); }) & "|");
writeOutput(attempt(function() { imageNew("", 10, 10, "cmyk"); }) & "|");
writeOutput(attempt(function() { imageResize(img, -10, 5); }) & "|");
writeOutput(attempt(function() { imageResize(img, "", ""); }) & "|");
writeOutput(attempt(function() { imageResize(img, 5, 5, "nosuchfilter"); }) & "|");
writeOutput(attempt(function() { imageCrop(img, 0, 0, -1, 5); }) & "|");
writeOutput(attempt(function() { imageBlur(img, 20); }) & "|");
writeOutput(attempt(function() { imageFlip(img, "sideways"); }) & "|");
writeOutput(attempt(function() { imageRotate(img, 45, "sinc"); }) & "|");
writeOutput(attempt(function() { imageDrawRect(img, 0, 0, -5, 5); }) & "|");
writeOutput(attempt(function() { imageDrawText(img, "x", 0, 0, {style: "wavy"}); }) & "|");
writeOutput(attempt(function() { imageWrite(img, dir & "x.png", 2); }) & "|");
// A file that is not an image (Lucee's error type is its Java exception's).
writeOutput((attempt(function() { imageRead(dir & "note.txt"); }) != "ok") & "|");
// Refused before any memory is taken (Lucee runs out of memory instead).
writeOutput((attempt(function() { imageNew("", 1000000, 1000000); }) != "ok") & "|");
writeOutput((attempt(function() { imageResize(img, 100000000, 100000000); }) != "ok") & "|");
writeOutput(imageGetWidth(img));
directoryDelete(dir, true);
</cfscript>
