-- The requests of the files benchmark (benchmarks/files.sh): one request, built once and sent again and again.
-- Usage: wrk ... -s files.lua URL -- download <path>
--        wrk ... -s files.lua URL -- upload <path> <file> [<filename>]
--   download: GET <path> (a stored file's URL)
--   upload:   POST <path> with a multipart/form-data body of one part named "file" holding the bytes of <file>
--             under <filename> (default: the file's own name), declared image/png (files.sh sends PNG-headed
--             files; the framework detects the type itself, the hand-written service answers the declared one);
--             the body is read once, in init
-- done() prints one machine-readable line, as bench.lua does:
--   BENCH requests=.. duration_us=.. rps=.. p50_us=.. p99_us=.. errors=.. status_errors=.. timeouts=..

local req

local function multipart(file, filename)
  local handle = assert(io.open(file, "rb"))
  local bytes = handle:read("*a")
  handle:close()
  local boundary = "fxBenchBoundary7d1c0f2a9b"
  local head = "--" .. boundary .. "\r\n"
    .. 'Content-Disposition: form-data; name="file"; filename="' .. filename .. '"\r\n'
    .. "Content-Type: image/png\r\n\r\n"
  return "multipart/form-data; boundary=" .. boundary, head .. bytes .. "\r\n--" .. boundary .. "--\r\n"
end

function init(args)
  local mode, path = args[1], args[2]
  if mode == "download" then
    req = wrk.format("GET", path)
  elseif mode == "upload" then
    local file = args[3]
    local filename = args[4] or string.match(file, "([^/]+)$")
    local content_type, body = multipart(file, filename)
    req = wrk.format("POST", path, { ["Content-Type"] = content_type }, body)
  else
    error("unknown mode " .. tostring(mode) .. " (download or upload)")
  end
end

function request()
  return req
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH requests=%d duration_us=%d rps=%.1f p50_us=%d p99_us=%d errors=%d status_errors=%d timeouts=%d\n",
    summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout + e.status, e.status, e.timeout))
end
