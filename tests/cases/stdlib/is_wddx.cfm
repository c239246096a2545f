<cfscript>
packets = [
    "<wddxPacket version='1.0'><header/><data><string>hi<char code='0d'/></string></data></wddxPacket>",
    "<wddxPacket version='1.0'><data><struct><var name='a'><number>1.5</number></var><var name='b'><array length='2'><boolean value='true'/><null/></array></var></struct></data></wddxPacket>",
    "<wddxPacket version='1.0'><data><recordset rowCount='1' fieldNames='id'><field name='id'><number>1</number></field></recordset></data></wddxPacket>",
    "<wddxPacket version='1.0'><data/></wddxPacket>",
    "<wddxPacket version='1.0'><data><number>abc</number></data></wddxPacket>",
    "<wddxPacket version='1.0'><data><boolean value='yes'/></data></wddxPacket>",
    "<wddxPacket version='1.0'><data><struct><var><string>x</string></var></struct></data></wddxPacket>",
    "<wddxPacket version='1.0'><data><string>a</string><string>b</string></data></wddxPacket>",
    "<packet><data><null/></data></packet>",
    "<wddxPacket version='1.0'><data><string>unclosed</data></wddxPacket>",
    "not xml"
];
for (p in packets) {
    writeOutput(isWddx(p) & " ");
}
writeOutput(isWddx(42) & " " & isWddx([]));
</cfscript>
