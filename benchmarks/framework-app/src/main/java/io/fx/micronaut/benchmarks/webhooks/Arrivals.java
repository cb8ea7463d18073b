package io.fx.micronaut.benchmarks.webhooks;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * What the receiver saw: every request, the verified deliveries with their event's time and their arrival time,
 * and the distinct {@code webhook-id}s among them. Thread-safe; {@link #reset()} starts a new measurement.
 */
final class Arrivals {

    private final Set<String> ids = new HashSet<>();
    private long requests;
    private long rejected;
    private long verified;
    private long[] lagMicros = new long[1024];
    private long firstArrivalMicros = Long.MAX_VALUE;
    private long lastArrivalMicros = Long.MIN_VALUE;

    /** Counts a request, verified or not. */
    synchronized void request() {
        requests++;
    }

    /** Counts a request whose signature (or headers, or body) did not verify. */
    synchronized void rejected() {
        rejected++;
    }

    /**
     * @param id               its {@code webhook-id}
     * @param eventTimeMicros  its CloudEvent {@code time}, microseconds since the epoch (the write's instant)
     * @param arrivalMicros    when it arrived, microseconds since the epoch
     */
    synchronized void delivered(String id, long eventTimeMicros, long arrivalMicros) {
        if (verified == lagMicros.length) {
            lagMicros = Arrays.copyOf(lagMicros, lagMicros.length * 2);
        }
        lagMicros[(int) verified++] = arrivalMicros - eventTimeMicros;
        ids.add(id);
        firstArrivalMicros = Math.min(firstArrivalMicros, arrivalMicros);
        lastArrivalMicros = Math.max(lastArrivalMicros, arrivalMicros);
    }

    /** Forgets everything seen so far. */
    synchronized void reset() {
        ids.clear();
        requests = 0;
        rejected = 0;
        verified = 0;
        lagMicros = new long[1024];
        firstArrivalMicros = Long.MAX_VALUE;
        lastArrivalMicros = Long.MIN_VALUE;
    }

    /**
     * @return one line of {@code name=value} pairs: requests, rejected (signature not verified), deliveries
     * (verified), distinct (webhook-ids), duplicates, span_s (first to last arrival), deliveries_per_s (deliveries
     * over that span), and the event-time-to-arrival latency p50_ms, p99_ms, max_ms
     */
    synchronized String report() {
        long[] lags = Arrays.copyOf(lagMicros, (int) verified);
        Arrays.sort(lags);
        double span = verified == 0 ? 0 : (lastArrivalMicros - firstArrivalMicros) / 1e6;
        String rate = span > 0 ? format(verified / span, 0) : "-";
        return "requests=" + requests + " rejected=" + rejected + " deliveries=" + verified + " distinct=" + ids.size()
            + " duplicates=" + (verified - ids.size()) + " span_s=" + format(span, 3) + " deliveries_per_s=" + rate
            + " p50_ms=" + percentile(lags, 0.50) + " p99_ms=" + percentile(lags, 0.99)
            + " max_ms=" + percentile(lags, 1.0);
    }

    private static String percentile(long[] sorted, double fraction) {
        if (sorted.length == 0) {
            return "-";
        }
        int rank = (int) Math.ceil(fraction * sorted.length);
        return format(sorted[Math.max(rank, 1) - 1] / 1000.0, 1);
    }

    private static String format(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
