-- Many creators at once: visitors pick one of N pages (/u/many_1 … /u/many_N, seeded by the
-- benchmark) by a Zipf(1.0) law, so page k is asked 1/k as often as page 1, and every request is a
-- new visitor (a new X-Forwarded-For, trusted with TRUST_PROXY=1) whose view counts.
-- Arguments: the number of pages, a number no earlier run of the same benchmark used, and "gzip"
-- when the requests accept it as Chrome's do.
local agents = {
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
}

function init(args)
  pages = tonumber(args[1])
  -- Each thread of each run owns a block of 2^22 addresses: run * 8 + thread.
  base = (tonumber(args[2]) * 8 + id) * 4194304
  encoding = args[3] == "gzip" and "gzip, deflate, br, zstd" or nil
  -- The cumulative Zipf(1.0) weights, so a uniform draw finds its page by binary search.
  cumulative = {}
  local total = 0
  for k = 1, pages do
    total = total + 1 / k
    cumulative[k] = total
  end
  math.randomseed(base)
end

local function page()
  local target = math.random() * cumulative[pages]
  local low, high = 1, pages
  while low < high do
    local middle = math.floor((low + high) / 2)
    if cumulative[middle] < target then low = middle + 1 else high = middle end
  end
  return low
end

function request()
  local n = base + sent
  sent = sent + 1
  local address = string.format("%d.%d.%d.%d", 11 + math.floor(n / 16777216), math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format("GET", "/u/many_" .. page(), {
    ["Host"] = wrk.headers["Host"],
    ["User-Agent"] = agents[(n % #agents) + 1],
    ["Accept"] = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    ["Accept-Encoding"] = encoding,
    ["X-Forwarded-For"] = address,
  })
end
