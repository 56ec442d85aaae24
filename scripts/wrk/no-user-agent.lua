-- Monitors and some bots: a bare GET with no User-Agent (never counted as a view). No request()
-- function, so wrk sends one prebuilt request without calling Lua per request (its fastest path).
-- Arguments: the page's path.
function init(args)
  wrk.path = args[1]
end
