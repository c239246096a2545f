def run():
    total = 0
    for i in range(1, 10000001):
        total += i % 7
    return total
print(run())
