-- One browser visitor reloading the page from one address (counted once per 30 minutes). No
-- request() function, so wrk sends one prebuilt request without calling Lua per request.
-- Arguments: the page's path, the run's number, and "gzip" when the requests accept it as Chrome's do.
function init(args)
  wrk.path = args[1]
  wrk.headers["User-Agent"] = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
  wrk.headers["Accept"] = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
  wrk.headers["Accept-Language"] = "en-US,en;q=0.9"
  if args[3] == "gzip" then wrk.headers["Accept-Encoding"] = "gzip, deflate, br, zstd" end
end
