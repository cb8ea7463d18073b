package io.fx.micronaut.events.webhooks;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** A {@code Retry-After} header: delay seconds or an HTTP date, capped at 24 hours. */
final class RetryAfter {

    /** The longest delay a receiver may ask for. */
    static final Duration MAX = Duration.ofHours(24);

    private RetryAfter() {
    }

    /**
     * @param value the header's value, or null
     * @param now   the time of the answer
     * @return the delay it asks for, at most {@link #MAX} (a date in the past: none); empty when absent or
     * malformed
     */
    @NonNull
    static Optional<Duration> parse(@Nullable String value, @NonNull Instant now) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String text = value.trim();
        Duration delay;
        if (text.chars().allMatch(Character::isDigit)) {
            delay = text.length() > 9 ? MAX : Duration.ofSeconds(Long.parseLong(text));
        } else {
            try {
                Instant at = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
                delay = at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
        }
        return Optional.of(delay.compareTo(MAX) > 0 ? MAX : delay);
    }
}
