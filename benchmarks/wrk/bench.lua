-- One wrk script for every endpoint of the load benchmark.
-- Usage: wrk ... -s bench.lua URL -- <endpoint> <ids-file> <page-size>
--   endpoint: get | list | filtered | create | update | delete | list-none | list-estimated | cursor-deep |
--             offset-deep | filtered-cursor | history (the cursors come from BENCH_CURSOR_DEEP, BENCH_CURSOR_FILTERED;
--             the history's post from BENCH_HISTORY_ID) | author-get | author-list | author-create (the ids file
--             then holds the seeded authors' ids; each created author has an e-mail of its own, unique across runs
--             through BENCH_RUN, which run.sh sets per wrk run)
--   (delete: each thread creates a post, then deletes it, and so on: half the requests are POSTs, half DELETEs
--   of a post created on that thread)
-- Ids are read from the seeder's file; each thread draws them from its own seeded random sequence.
-- done() prints one machine-readable line: BENCH requests=.. duration_us=.. rps=.. p50_us=.. p99_us=.. errors=..

local endpoint, page_size
local ids = {}
local counter = 0
local created = {}

function init(args)
  endpoint = args[1]
  local file = args[2]
  page_size = args[3] or "20"
  for line in io.lines(file) do
    if #line > 0 then ids[#ids + 1] = line end
  end
  if #ids == 0 then error("no ids in " .. file) end
  if endpoint ~= "delete" then response = nil end
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

-- BENCH_HEADERS ("Name: value|Name: value") adds credentials to every request, for the security variants
local extra_headers = {}
local configured = os.getenv("BENCH_HEADERS")
if configured and #configured > 0 then
  for pair in string.gmatch(configured, "[^|]+") do
    local name, value = string.match(pair, "^%s*([^:]+):%s*(.*)$")
    if name then extra_headers[name] = value end
  end
end

local function with_extra(headers)
  local merged = {}
  for k, v in pairs(extra_headers) do merged[k] = v end
  for k, v in pairs(headers or {}) do merged[k] = v end
  return merged
end

-- BENCH_TOKENS (a file of bearer tokens, one a line) gives each request a token drawn at random from it, on top
-- of BENCH_HEADERS; for work that depends on the token, such as one revocation lookup per token and user
local plain_variants = {}
local json_variants = {}
local tokens_file = os.getenv("BENCH_TOKENS")
if tokens_file and #tokens_file > 0 then
  for line in io.lines(tokens_file) do
    if #line > 0 then
      local bearer = { Authorization = "Bearer " .. line }
      plain_variants[#plain_variants + 1] = with_extra(bearer)
      bearer["Content-Type"] = "application/json"
      json_variants[#json_variants + 1] = with_extra(bearer)
    end
  end
  if #plain_variants == 0 then error("no tokens in " .. tokens_file) end
else
  plain_variants[1] = with_extra(nil)
  json_variants[1] = with_extra({ ["Content-Type"] = "application/json" })
end

-- BENCH_EMAILS=random starts each created author's e-mail with 8 random hex digits, so the addresses arrive in no
-- order relative to a unique index on them, as real ones do; by default (sequential) each thread's addresses share
-- a prefix and land next to each other in that index
local random_emails = os.getenv("BENCH_EMAILS") == "random"

-- BENCH_CLIENTS=N sends each request as one of N clients behind a proxy (X-Forwarded-For: 10.x.y.z, the server
-- trusting 127.0.0.1), so per-client limits see many keys; BENCH_IDEMPOTENCY=unique gives each create an
-- Idempotency-Key of its own, BENCH_IDEMPOTENCY=replay sends one key and one body per thread (the first create
-- runs, every later one is a replay)
local clients = tonumber(os.getenv("BENCH_CLIENTS") or "0")
-- the cursors of the deep-page endpoints, fetched by run.sh from each server's own offset pages
local cursor_deep = os.getenv("BENCH_CURSOR_DEEP") or ""
local cursor_filtered = os.getenv("BENCH_CURSOR_FILTERED") or ""
-- the post patched 20 times by run.sh, whose history the history endpoint reads
local history_id = os.getenv("BENCH_HISTORY_ID") or ""
local idempotency = os.getenv("BENCH_IDEMPOTENCY") or ""
-- unique keys stay unique across runs (each wrk run restarts the counters and the seeded random sequence)
local run_nonce = os.getenv("BENCH_RUN") or ""
if #run_nonce == 0 then
  run_nonce = tostring(os.time()) .. "-" .. tostring(math.floor((os.clock() * 1000000) % 1000000))
end

local function client_headers(headers)
  if clients <= 0 then return headers end
  local merged = {}
  for k, v in pairs(headers) do merged[k] = v end
  local n = math.random(clients)
  merged["X-Forwarded-For"] = "10." .. (math.floor(n / 65536) % 256) .. "." .. (math.floor(n / 256) % 256) .. "." .. (n % 256)
  return merged
end

local function plain_headers()
  return client_headers(#plain_variants == 1 and plain_variants[1] or plain_variants[math.random(#plain_variants)])
end

local function json_headers()
  return client_headers(#json_variants == 1 and json_variants[1] or json_variants[math.random(#json_variants)])
end

local function keyed(headers, key)
  local merged = {}
  for k, v in pairs(headers) do merged[k] = v end
  merged["Idempotency-Key"] = key
  return merged
end

function request()
  if endpoint == "get" then
    return wrk.format("GET", "/api/posts/" .. random_id(), plain_headers())
  elseif endpoint == "list" then
    return wrk.format("GET", "/api/posts?page=1&limit=" .. page_size, plain_headers())
  elseif endpoint == "filtered" then
    return wrk.format("GET", "/api/posts?filter=status:eq:published&sort=views:desc&page=1&limit=" .. page_size,
      plain_headers())
  elseif endpoint == "list-none" then
    return wrk.format("GET", "/api/posts?total=none&limit=" .. page_size, plain_headers())
  elseif endpoint == "list-estimated" then
    return wrk.format("GET", "/api/posts?total=estimated&limit=" .. page_size, plain_headers())
  elseif endpoint == "cursor-deep" then
    return wrk.format("GET", "/api/posts?total=none&limit=" .. page_size .. "&cursor=" .. cursor_deep, plain_headers())
  elseif endpoint == "offset-deep" then
    return wrk.format("GET", "/api/posts?total=none&limit=" .. page_size .. "&page=5000", plain_headers())
  elseif endpoint == "filtered-cursor" then
    return wrk.format("GET", "/api/posts?filter=status:eq:published&sort=created_at:desc&total=none&limit=" .. page_size
      .. "&cursor=" .. cursor_filtered, plain_headers())
  elseif endpoint == "history" then
    return wrk.format("GET", "/api/posts/" .. history_id .. "/history?limit=" .. page_size, plain_headers())
  elseif endpoint == "create" then
    counter = counter + 1
    local n = idempotency == "replay" and 1 or counter
    local body = '{"title":"Bench post ' .. n .. '","body":"Created by the load benchmark.",'
      .. '"status":"archived","views":' .. n .. ',"rating":3.5,"labels":["bench","wrk"],"attributes":{"source":"wrk"}}'
    local headers = json_headers()
    if idempotency == "unique" then
      headers = keyed(headers, run_nonce .. "-t" .. (tonumber(index) or 0) .. "-" .. counter)
    elseif idempotency == "replay" then
      headers = keyed(headers, "replay-" .. run_nonce .. "-t" .. (tonumber(index) or 0))
    end
    return wrk.format("POST", "/api/posts", headers, body)
  elseif endpoint == "delete" then
    if #created > 0 then
      return wrk.format("DELETE", "/api/posts/" .. table.remove(created), plain_headers())
    end
    counter = counter + 1
    local body = '{"title":"Deleted post ' .. counter .. '","body":"Created to be deleted.","status":"archived"}'
    return wrk.format("POST", "/api/posts", json_headers(), body)
  elseif endpoint == "author-get" then
    return wrk.format("GET", "/api/authors/" .. random_id(), plain_headers())
  elseif endpoint == "author-list" then
    return wrk.format("GET", "/api/authors?page=1&limit=" .. page_size, plain_headers())
  elseif endpoint == "author-create" then
    counter = counter + 1
    local tag = run_nonce .. "-t" .. (tonumber(index) or 0) .. "-" .. counter
    if random_emails then tag = string.format("%08x", math.random(0, 0x7fffffff)) .. "-" .. tag end
    local body = '{"name":"Bench author ' .. counter .. '","email":"bench-' .. tag .. '@bench.example",'
      .. '"role":"writer","bio":"Created by the load benchmark."}'
    return wrk.format("POST", "/api/authors", json_headers(), body)
  elseif endpoint == "update" then
    counter = counter + 1
    local body = '{"title":"Patched ' .. counter .. '","views":' .. (counter % 100000) .. '}'
    return wrk.format("PATCH", "/api/posts/" .. random_id(), json_headers(), body)
  end
  error("unknown endpoint " .. tostring(endpoint))
end

-- only the delete endpoint reads bodies (the id of the post it created): init() drops this for the others, so
-- they do not pay for collecting bodies
function response(status, headers, body)
  if endpoint == "delete" and status == 201 and body then
    local id = string.match(body, '"id":"([^"]+)"')
    if id then created[#created + 1] = id end
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH requests=%d duration_us=%d rps=%.1f p50_us=%d p99_us=%d errors=%d status_errors=%d timeouts=%d\n",
    summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout + e.status, e.status, e.timeout))
end
