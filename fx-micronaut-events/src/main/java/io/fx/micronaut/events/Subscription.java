package io.fx.micronaut.events;

import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A named, durable subscription: the events whose types match its patterns get a delivery row for it in their
 * own transaction, and the relay hands each to the handler on the subscribers' bounded executor until the
 * handler returns once. The name identifies those rows across restarts: subscribing again under the same name
 * resumes what is pending.
 *
 * @param name     1 to 64 of {@code a-z}, {@code 0-9}, {@code .}, {@code _} and {@code -}, unique among
 *                 destinations
 * @param patterns the {@linkplain EventPatterns patterns} of the types it receives
 * @param handler  what handles each event
 * @since 0.7.0
 */
public record Subscription(@NonNull String name, @NonNull List<String> patterns, @NonNull EventHandler handler) {

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

    /**
     * @param name     the name
     * @param patterns the patterns
     * @param handler  the handler
     * @throws IllegalArgumentException when the name or a pattern is not valid
     */
    public Subscription {
        checkName(name);
        patterns = List.copyOf(patterns);
        EventPatterns.of(patterns);
        Objects.requireNonNull(handler, "handler");
    }

    /**
     * @param name a destination name
     * @return the name
     * @throws IllegalArgumentException when it is not 1 to 64 of {@code a-z}, {@code 0-9}, {@code .}, {@code _},
     *                                  {@code -}, starting with a letter or digit
     */
    @NonNull
    public static String checkName(@NonNull String name) {
        if (!NAME.matcher(Objects.requireNonNull(name, "name")).matches()) {
            throw new IllegalArgumentException("the destination name '" + name + "' is not 1 to 64 of a-z, 0-9, "
                + "., _ and - starting with a letter or digit");
        }
        return name;
    }
}
