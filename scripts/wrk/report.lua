-- Shared by the traffic shapes (bench-public.ts prepends it): counts the requests each thread
-- sent (a script with a request() function counts them; a prebuilt request leaves 0) and prints
-- one JSON line with wrk's figures, parsed by the benchmark.
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

sent = 0

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("sent")
  end
  local errors = summary.errors
  io.write(string.format(
    'WRK_RESULT {"answered":%d,"sent":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\n',
    summary.requests, total, summary.duration, latency:percentile(50), latency:percentile(99),
    errors.connect, errors.read, errors.write, errors.status, errors.timeout))
end
