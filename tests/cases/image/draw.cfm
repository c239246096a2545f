<cfscript>
// Drawing, pasting and filters keep the size (grayscale changes the colour model).
img = imageNew("", 100, 60, "rgb", "white");
imageSetDrawingColor(img, "red");
imageDrawLine(img, 0, 0, 99, 59);
imageDrawLine(img, -500, 30, 5000, 30);
imageDrawRect(img, 10, 10, 30, 20);
imageDrawRect(img, 50, 10, 30, 20, true);
imageDrawText(img, "Rime", 5, 55);
imageDrawText(img, "Bold", 50, 55, {size: 14, style: "bold", underline: true});
img.setDrawingColor("##0000ff").drawLine(0, 59, 99, 0).drawRect(1, 1, 5, 5, true);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");

logo = imageNew("", 20, 20, "argb", "green");
imagePaste(img, logo, 70, 30);
img.paste(logo, -5, -5);
imagePaste(img, img, 50, 50);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");

imageBlur(img);
imageBlur(img, 10);
img.blur(5);
imageNegative(img);
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img) & "|");
writeOutput(imageInfo(img).colormodel.colorspace & "|");
imageGrayscale(img);
cm = imageInfo(img).colormodel;
writeOutput(cm.colorspace & "," & cm.num_components & "|");
writeOutput(imageGetWidth(img) & "x" & imageGetHeight(img));
</cfscript>
