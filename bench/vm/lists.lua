-- CFML's list functions over split strings, the way a Lua programmer writes them.
local function split(s)
  local t = {}
  for item in (s .. ","):gmatch("([^,]*),") do t[#t + 1] = item end
  return t
end
local function listAppend(l, v) if l == "" then return v end return l .. "," .. v end
local function listLen(l) return #split(l) end
local function listGetAt(l, i) return split(l)[i] end
local function listFind(l, v)
  for i, item in ipairs(split(l)) do if item == v then return i end end
  return 0
end

local function run()
  local list = ""
  for i = 1, 10000 do list = listAppend(list, "item" .. i) end
  local total = listLen(list)
  for i = 1, 10000, 20 do
    total = total + #listGetAt(list, i)
    total = total + listFind(list, "item" .. (10001 - i))
  end
  return total
end
print(run())
