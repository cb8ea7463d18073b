package io.fx.micronaut.events.webhooks;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

    @Test
    void secondsAndDates() {
        assertEquals(Optional.of(Duration.ofSeconds(120)), RetryAfter.parse("120", NOW));
        assertEquals(Optional.of(Duration.ZERO), RetryAfter.parse(" 0 ", NOW));
        assertEquals(Optional.of(Duration.ofMinutes(90)), RetryAfter.parse("Sun, 29 Nov 2026 11:30:00 GMT", NOW));
        assertEquals(Optional.of(Duration.ZERO), RetryAfter.parse("Sun, 29 Nov 2026 09:00:00 GMT", NOW), "past");
    }

    @Test
    void cappedAtADay() {
        assertEquals(Optional.of(Duration.ofHours(24)), RetryAfter.parse("86401", NOW));
        assertEquals(Optional.of(Duration.ofHours(24)), RetryAfter.parse("99999999999999999999", NOW));
        assertEquals(Optional.of(Duration.ofHours(24)), RetryAfter.parse("Fri, 04 Dec 2026 10:00:00 GMT", NOW));
    }

    @Test
    void absentOrMalformedIsNone() {
        assertEquals(Optional.empty(), RetryAfter.parse(null, NOW));
        assertEquals(Optional.empty(), RetryAfter.parse("", NOW));
        assertEquals(Optional.empty(), RetryAfter.parse("-5", NOW));
        assertEquals(Optional.empty(), RetryAfter.parse("soon", NOW));
        assertEquals(Optional.empty(), RetryAfter.parse("1.5", NOW));
    }
}
