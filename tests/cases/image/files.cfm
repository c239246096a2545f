<cfscript>
// Writing and reading image files, base64 and binary.
dir = getTempDirectory() & "rime_case_img_" & createUUID() & "/";
directoryCreate(dir);
img = imageNew("", 40, 30, "rgb", "##336699");
imageWrite(img, dir & "a.png");
imageWrite(img, dir & "b.jpg", 0.9);
img.write(dir & "c.gif");
writeOutput(fileExists(dir & "a.png") & "," & fileExists(dir & "b.jpg") & "," & fileExists(dir & "c.gif") & "|");
writeOutput(isImageFile(dir & "a.png") & "," & isImageFile(dir & "b.jpg") & "," & isImageFile(dir & "c.gif") & "|");
fileWrite(dir & "note.txt", "no image here");
writeOutput(isImageFile(dir & "note.txt") & "," & isImageFile(dir & "missing.png") & "|");

back = imageRead(dir & "a.png");
writeOutput(isImage(back) & "," & imageGetWidth(back) & "x" & imageGetHeight(back) & "|");
writeOutput((imageInfo(back).source == dir & "a.png") & "|");
jpg = imageNew(dir & "b.jpg");
writeOutput(imageGetWidth(jpg) & "x" & imageGetHeight(jpg) & "|");

blob = imageGetBlob(back);
writeOutput(isBinary(blob) & "," & (len(blob) > 0) & "|");
fromBlob = imageNew(blob);
writeOutput(imageGetWidth(fromBlob) & "|");

b64 = imageWriteBase64(back, dir & "a.txt", "png", true);
writeOutput(left(b64, 22) & "," & (fileRead(dir & "a.txt") == b64) & "|");
again = imageReadBase64(b64);
writeOutput(imageGetWidth(again) & "x" & imageGetHeight(again) & "|");
plain = imageWriteBase64(back, dir & "b.txt", "jpg");
writeOutput(left(plain, 4) & "|");
writeOutput(imageGetHeight(imageReadBase64(plain)) & "|");

// Without a destination, imageWrite writes back to the file the image was read from.
imageResize(back, 20, 15);
imageWrite(back);
writeOutput(imageGetWidth(imageRead(dir & "a.png")) & "|");

// ram:// as every file function has it.
imageWrite(img, "ram://rime_case_img.png");
writeOutput(imageGetWidth(imageRead("ram://rime_case_img.png")));
fileDelete("ram://rime_case_img.png");
directoryDelete(dir, true);
</cfscript>
