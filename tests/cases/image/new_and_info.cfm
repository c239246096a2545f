<cfscript>
// imageNew: a canvas of a size, type and colour; what imageInfo says of it.
img = imageNew("", 200, 100, "rgb", "red");
writeOutput(isImage(img) & "," & isImage("red") & "," & isImage({}) & "," & isImage(1) & "|");
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");
writeOutput(img.getWidth() & "x" & img.getHeight() & "|");
info = imageInfo(img);
writeOutput(info.width & "x" & info.height & "," & len(info.source) & "|");
cm = info.colormodel;
writeOutput(cm.colorspace & "," & cm.num_components & "," & cm.pixel_size & "," & cm.transparency & "," & cm.alpha_channel_support & "," & cm.colormodel_type & "|");
writeOutput(arrayToList(cm.bits_component) & "|");
writeOutput(img.width & "x" & img.height & "|");

argb = imageNew("", 10, 20, "argb");
cm = imageInfo(argb).colormodel;
writeOutput(cm.num_components & "," & cm.pixel_size & "," & cm.transparency & "," & cm.alpha_channel_support & "|");

gray = imageNew("", 3, 4, "grayscale", "white");
cm = gray.info().colormodel;
writeOutput(cm.colorspace & "," & cm.num_components & "," & cm.colormodel_type & "|");

// Colours by name, hex with and without #, rgb lists.
for (c in ["blue", "##00ff00", "ff8800", "##123", "10,20,30"]) {
	x = imageNew("", 2, 2, "rgb", c);
	writeOutput(imageGetWidth(x));
}
writeOutput("|");

// imageNew of an image is a copy.
copy = imageNew(img);
imageResize(copy, 20, 10);
writeOutput(imageGetWidth(img) & "," & imageGetWidth(copy));
</cfscript>
