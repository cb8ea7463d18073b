#!/usr/bin/env bash
# What the events benchmark's relay delivered, per destination, read from the outbox of a PostgreSQL run:
# events delivered, events/s while delivering (first to last acknowledgement), and commit-to-ack latency, the
# time from an event's write (created_at) to its delivery being marked after the broker's acknowledgement
# (delivered_at), p50 and p99 in ms.
#   benchmarks/events-lag.sh [SCHEMA]   (default fx_bench_events: the run.sh variant named "events")
set -euo pipefail
SCHEMA="${1:-fx_bench_events}"
psql -h "${PG_HOST:-127.0.0.1}" -p "${PG_PORT:-5432}" -U "${PG_USER:-postgres}" -d "${PG_DB:-test}" -v ON_ERROR_STOP=1 -P pager=off -c "
SELECT d.destination,
       count(*) AS delivered,
       round(count(*) / greatest(extract(epoch FROM max(d.delivered_at) - min(d.delivered_at)), 0.001)) AS events_per_s,
       round(1000 * percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM d.delivered_at - o.created_at))::numeric, 1) AS p50_ms,
       round(1000 * percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM d.delivered_at - o.created_at))::numeric, 1) AS p99_ms,
       (SELECT count(*) FROM $SCHEMA.fx_event_delivery p WHERE p.destination = d.destination AND p.state <> 'delivered') AS not_delivered
  FROM $SCHEMA.fx_event_delivery d JOIN $SCHEMA.fx_event_outbox o ON o.id = d.event_id
 WHERE d.state = 'delivered'
 GROUP BY d.destination ORDER BY d.destination;"
