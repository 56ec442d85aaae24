-- Distinct visitors: browser user agents, and a new X-Forwarded-For address on every request (the
-- server trusts it with TRUST_PROXY=1), so every request is a new visitor whose view counts.
-- Arguments: the page's path, and a number no earlier run of the same benchmark used (so warm-up
-- and measured runs never share an address), and "gzip" when the requests accept it as Chrome's do.
local agents = {
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
}

function init(args)
  path = args[1]
  -- Each thread of each run owns a block of 2^22 addresses: run * 8 + thread.
  base = (tonumber(args[2]) * 8 + id) * 4194304
  encoding = args[3] == "gzip" and "gzip, deflate, br, zstd" or nil
end

function request()
  local n = base + sent
  sent = sent + 1
  -- 24 bits per first octet, from 11 up: public-looking addresses, all different.
  local address = string.format("%d.%d.%d.%d", 11 + math.floor(n / 16777216), math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format("GET", path, {
    ["Host"] = wrk.headers["Host"],
    ["User-Agent"] = agents[(n % #agents) + 1],
    ["Accept"] = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    ["Accept-Encoding"] = encoding,
    ["X-Forwarded-For"] = address,
  })
end
