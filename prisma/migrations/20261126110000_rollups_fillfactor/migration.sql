-- The writer updates today's rollup rows with every batch. A row updated in place on its own page
-- (a HOT update) touches no index, and its dead versions are pruned by the next visit to that page,
-- without VACUUM; at the default fillfactor of 100 pages are full, so every update moved the row to
-- a new page and left a dead version behind. The embedded database never runs autovacuum, and a
-- server's may lag under a steady stream of batches: at a million events the slot rollups took
-- 441 MB for 15,000 live rows, and a 90-day screen read them from disk. Room is kept on each page
-- for the versions of the rows updated most: whole-day counters and slots (rows of today), a
-- visitor's day (its last time), and a repeat key (counted after it was taken).
ALTER TABLE "AnalyticsDaily" SET (fillfactor = 50);
ALTER TABLE "AnalyticsDailySlots" SET (fillfactor = 50);
ALTER TABLE "AnalyticsVisitorDay" SET (fillfactor = 80);
ALTER TABLE "AnalyticsRepeat" SET (fillfactor = 70);
