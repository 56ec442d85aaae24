-- One browser visitor reloading the page from one address (counted once per 30 minutes).
-- Arguments: the page's path.
function init(args)
  page = wrk.format("GET", args[1], {
    ["Host"] = wrk.headers["Host"],
    ["User-Agent"] = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    ["Accept"] = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    ["Accept-Language"] = "en-US,en;q=0.9",
  })
end

function request()
  sent = sent + 1
  return page
end
