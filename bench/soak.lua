-- wrk script for bench/soak.sh: a fixed rotation of pages, sessions, an error page, uploads,
-- static files, a missing page and a traversal attempt, with the responses counted by status.
local body = "--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nsoak\r\n" ..
  "--B\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"notes.txt\"\r\n" ..
  "Content-Type: text/plain\r\n\r\nhello upload\r\n" ..
  "--B\r\nContent-Disposition: form-data; name=\"nofile\"; filename=\"\"\r\n" ..
  "Content-Type: application/octet-stream\r\n\r\n\r\n--B--\r\n"
local threads = {}
local n = 0
local cookie = nil

function setup(thread)
  table.insert(threads, thread)
end

-- The session to use: soak.sh gets one with curl and passes its CFID (wrk's header table keeps
-- only the last Set-Cookie of a response, which is CFTOKEN).
function init(args)
  statuses = {}
  if args[1] then cookie = "CFID=" .. args[1] .. "; CFTOKEN=0" end
end

request = function()
  n = n + 1
  local k = n % 7
  local h = {}
  if cookie then h["Cookie"] = cookie end
  if k == 0 then return wrk.format("GET", "/hello.cfm?name=soak", h)
  elseif k == 1 then return wrk.format("GET", "/session.cfm", h)
  elseif k == 2 then return wrk.format("GET", "/error.cfm", h)
  elseif k == 3 then
    h["Content-Type"] = "multipart/form-data; boundary=B"
    return wrk.format("POST", "/upload.cfm", h, body)
  elseif k == 4 then return wrk.format("GET", "/static/data.txt", h)
  elseif k == 5 then return wrk.format("GET", "/no-such-page.cfm", h)
  else return wrk.format("GET", "/static/..%2f..%2f..%2fsoak.rs", h) end
end

response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

done = function(summary, latency, requests)
  local total = {}
  for _, t in ipairs(threads) do
    local s = t:get("statuses")
    for code, count in pairs(s) do total[code] = (total[code] or 0) + count end
  end
  for code, count in pairs(total) do
    io.write(string.format("status %d %d\n", code, count))
  end
  io.write(string.format("socket errors %d\n",
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
