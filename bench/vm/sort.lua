local function run()
  local a = {}
  local x = 42
  for i = 1, 200000 do
    x = (x * 16807) % 2147483647
    a[i] = x
  end
  table.sort(a, function(p, q) return p < q end)
  return a[1] .. " " .. a[100000] .. " " .. a[200000]
end
print(run())
