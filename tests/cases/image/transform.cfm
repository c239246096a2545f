<cfscript>
// Resizing, scaling, cropping, rotating and flipping change the image in place.
img = imageNew("", 200, 100, "rgb", "blue");
imageResize(img, 100);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");
imageResize(img, "", 100);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");
imageResize(img, "50%", "");
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");
imageResize(img, 300, 30, "bilinear");
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");

img = imageNew("", 200, 100, "rgb", "blue");
imageScaleToFit(img, 50, 50);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");
imageScaleToFit(img, "", 10);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");

img = imageNew("", 100, 50, "rgb", "white");
imageCrop(img, 10, 10, 50, 20);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");
img = imageNew("", 100, 50, "rgb", "white");
imageCrop(img, 80, 0, 50, 50);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");

img = imageNew("", 200, 100, "rgb", "green");
imageRotate(img, 90);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");
imageRotate(img, 180, "bilinear");
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");
img = imageNew("", 200, 100, "rgb", "green");
imageRotate(img, 45);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");

img = imageNew("", 30, 10, "rgb", "green");
imageFlip(img);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & ",");
imageFlip(img, "horizontal");
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & ",");
imageFlip(img, "90");
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & ",");
imageFlip(img, "diagonal");
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");

// Member functions that change the image return it, so they chain.
img = imageNew("", 64, 32, "rgb", "yellow");
writeOutput(img.resize(32, 16).getWidth() & "|");
writeOutput(img.rotate(90).crop(0, 0, 8, 8).getHeight() & "|");
same = img.flip("horizontal");
writeOutput(isImage(same) & "," & (imageGetWidth(same) == imageGetWidth(img)) & "|");
r = imageResize(img, 4, 4);
writeOutput(isNull(r) & "," & img.getWidth());
</cfscript>
