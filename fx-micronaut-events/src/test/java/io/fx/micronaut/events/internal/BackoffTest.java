package io.fx.micronaut.events.internal;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BackoffTest {

    @Test
    void aScheduledDelayIsSpreadByTwentyPercentEitherWay() {
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            long millis = Backoff.spread(Duration.ofSeconds(5)).toMillis();
            assertTrue(millis >= 4_000 && millis <= 6_000, "5 s ± 20%: " + millis);
            seen.add(millis / 500);
        }
        assertTrue(seen.containsAll(Set.of(8L, 9L, 10L, 11L)), "spread over the whole band: " + seen);
        assertEquals(Duration.ZERO, Backoff.spread(Duration.ZERO));
    }

    @Test
    void theRelaysOwnBackoffIsUnchanged() {
        Backoff backoff = new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(1));
        for (int attempt = 1; attempt <= 40; attempt++) {
            long delay = Math.min(60_000, 1_000L << Math.min(30, attempt - 1));
            long millis = backoff.after(attempt).toMillis();
            assertTrue(millis >= delay / 2 && millis <= delay, attempt + ": " + millis);
        }
    }
}
