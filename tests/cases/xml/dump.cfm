<cfscript>
doc = xmlParse('<!--note--><order id="7"><item sku="a1">Pen</item><item sku="b2">Ink</item></order>');
writeDump(doc);
writeDump(doc.order.item[2].xmlAttributes);
writeDump(xmlSearch(doc, "//@sku")[1]);
</cfscript>
