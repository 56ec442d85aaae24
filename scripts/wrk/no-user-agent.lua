-- Monitors and some bots: a bare GET with no User-Agent (never counted as a view).
-- Arguments: the page's path.
function init(args)
  page = wrk.format("GET", args[1], { ["Host"] = wrk.headers["Host"] })
end

function request()
  sent = sent + 1
  return page
end
