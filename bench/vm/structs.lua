local function churn()
  local items = {}
  local m = {}
  for i = 1, 200000 do
    local rec = { id = i, name = "k" .. (i % 1000), vals = { i, i * 2 } }
    items[#items + 1] = rec
    m[rec.name] = i
  end
  local sum = 0
  for _, item in ipairs(items) do sum = sum + item.id + item.vals[2] end
  for k in pairs(m) do sum = sum + m[k] end
  return sum
end
print(churn())
