-- wrk script of `npm run bench` (tools/bench.ts).
-- BENCH_METHOD and BENCH_BODY (JSON) set the request; done() prints one line, BENCH_JSON {...}, with the counts
-- and the latency percentiles in microseconds. wrk counts answers with a status of 400 or more as
-- errors.status (its "Non-2xx or 3xx responses"); no row here answers 3xx.

local method = os.getenv("BENCH_METHOD") or "GET"
local body = os.getenv("BENCH_BODY")

wrk.method = method
if body ~= nil and body ~= "" then
	wrk.body = body
	wrk.headers["Content-Type"] = "application/json"
end

function done(summary, latency, requests)
	io.write(string.format(
		'BENCH_JSON {"requests":%d,"duration_us":%d,"non_2xx":%d,"connect_errors":%d,"read_errors":%d,' ..
		'"write_errors":%d,"timeouts":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"mean_us":%.1f,"max_us":%d}\n',
		summary.requests, summary.duration, summary.errors.status, summary.errors.connect, summary.errors.read,
		summary.errors.write, summary.errors.timeout, latency:percentile(50), latency:percentile(90),
		latency:percentile(99), latency.mean, latency.max))
end
