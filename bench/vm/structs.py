def churn():
    items = []
    m = {}
    for i in range(1, 200001):
        rec = {"id": i, "name": "k" + str(i % 1000), "vals": [i, i * 2]}
        items.append(rec)
        m[rec["name"]] = i
    total = 0
    for item in items:
        total += item["id"] + item["vals"][1]
    for k in m:
        total += m[k]
    return total
print(churn())
