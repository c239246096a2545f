local function build()
  local parts = {}
  for i = 1, 1000000 do parts[#parts + 1] = "item" .. i end
  return #table.concat(parts, ",")
end
print(build())
