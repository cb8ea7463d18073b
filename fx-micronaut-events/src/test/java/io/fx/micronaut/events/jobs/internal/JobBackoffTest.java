package io.fx.micronaut.events.jobs.internal;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JobBackoffTest {

    @Test
    void doublesFromTheInitialDelayUpToTheCap() {
        JobBackoff backoff = new JobBackoff(Duration.ofSeconds(1), Duration.ofMinutes(10));
        assertEquals(Duration.ofSeconds(1), backoff.after(1));
        assertEquals(Duration.ofSeconds(2), backoff.after(2));
        assertEquals(Duration.ofSeconds(4), backoff.after(3));
        assertEquals(Duration.ofSeconds(512), backoff.after(10));
        assertEquals(Duration.ofMinutes(10), backoff.after(11));
        assertEquals(Duration.ofMinutes(10), backoff.after(64), "no overflow");
    }

    @Test
    void aCapBelowTheInitialDelayIsTheInitialDelay() {
        assertEquals(Duration.ofSeconds(5), new JobBackoff(Duration.ofSeconds(5), Duration.ofSeconds(1)).after(3));
    }
}
