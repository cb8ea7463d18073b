-- One wrk script for every endpoint of the load benchmark.
-- Usage: wrk ... -s bench.lua URL -- <endpoint> <ids-file> <page-size>
--   endpoint: get | list | filtered | create | update
-- Ids are read from the seeder's file; each thread draws them from its own seeded random sequence.
-- done() prints one machine-readable line: BENCH requests=.. duration_us=.. rps=.. p50_us=.. p99_us=.. errors=..

local endpoint, page_size
local ids = {}
local counter = 0

function init(args)
  endpoint = args[1]
  local file = args[2]
  page_size = args[3] or "20"
  for line in io.lines(file) do
    if #line > 0 then ids[#ids + 1] = line end
  end
  if #ids == 0 then error("no ids in " .. file) end
  -- "index" is set per thread by setup(); each thread gets its own reproducible id sequence
  math.randomseed(1234 + (tonumber(index) or 0))
end

setup_index = 0
function setup(thread)
  thread:set("index", setup_index)
  setup_index = setup_index + 1
end

local function random_id()
  return ids[math.random(#ids)]
end

local json_headers = { ["Content-Type"] = "application/json" }

function request()
  if endpoint == "get" then
    return wrk.format("GET", "/api/posts/" .. random_id())
  elseif endpoint == "list" then
    return wrk.format("GET", "/api/posts?page=1&limit=" .. page_size)
  elseif endpoint == "filtered" then
    return wrk.format("GET", "/api/posts?filter=status:eq:published&sort=views:desc&page=1&limit=" .. page_size)
  elseif endpoint == "create" then
    counter = counter + 1
    local body = '{"title":"Bench post ' .. counter .. '","body":"Created by the load benchmark.",'
      .. '"status":"archived","views":' .. counter .. ',"rating":3.5,"labels":["bench","wrk"],"attributes":{"source":"wrk"}}'
    return wrk.format("POST", "/api/posts", json_headers, body)
  elseif endpoint == "update" then
    counter = counter + 1
    local body = '{"title":"Patched ' .. counter .. '","views":' .. (counter % 100000) .. '}'
    return wrk.format("PATCH", "/api/posts/" .. random_id(), json_headers, body)
  end
  error("unknown endpoint " .. tostring(endpoint))
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH requests=%d duration_us=%d rps=%.1f p50_us=%d p99_us=%d errors=%d status_errors=%d timeouts=%d\n",
    summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout + e.status, e.status, e.timeout))
end
