# CFML's list functions over split strings.
def list_append(l, v):
    return v if l == "" else l + "," + v

def list_len(l):
    return len(l.split(","))

def list_get_at(l, i):
    return l.split(",")[i - 1]

def list_find(l, v):
    try:
        return l.split(",").index(v) + 1
    except ValueError:
        return 0

def run():
    lst = ""
    for i in range(1, 10001):
        lst = list_append(lst, "item" + str(i))
    total = list_len(lst)
    for i in range(1, 10001, 20):
        total += len(list_get_at(lst, i))
        total += list_find(lst, "item" + str(10001 - i))
    return total
print(run())
