from functools import cmp_to_key

def run():
    a = []
    x = 42
    for i in range(200000):
        x = (x * 16807) % 2147483647
        a.append(x)
    a.sort(key=cmp_to_key(lambda p, q: -1 if p < q else (1 if p > q else 0)))
    return "%d %d %d" % (a[0], a[99999], a[199999])
print(run())
