def build():
    parts = []
    for i in range(1, 1000001):
        parts.append("item" + str(i))
    return len(",".join(parts))
print(build())
