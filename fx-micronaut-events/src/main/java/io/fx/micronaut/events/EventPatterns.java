package io.fx.micronaut.events;

import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The event types a subscription or destination receives, as patterns: an exact type ({@code post.created}),
 * a prefix followed by {@code .*}, which matches one or more further segments ({@code post.*} matches
 * {@code post.created} and {@code post.review.done}), or {@code *} for every type. Any other use of {@code *}
 * is refused.
 *
 * @since 0.7.0
 */
public final class EventPatterns {

    private static final Pattern PREFIX = Pattern.compile("[a-z0-9_]+(\\.[a-z0-9_]+)*");

    private final List<String> exact;
    private final List<String> prefixes;
    private final boolean everything;

    private EventPatterns(List<String> exact, List<String> prefixes, boolean everything) {
        this.exact = exact;
        this.prefixes = prefixes;
        this.everything = everything;
    }

    /**
     * @param patterns the patterns, at least one
     * @return them, checked
     * @throws IllegalArgumentException naming the pattern when one is not an exact type, {@code <prefix>.*} or
     *                                  {@code *}, or when there is none
     */
    @NonNull
    public static EventPatterns of(@NonNull List<String> patterns) {
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("at least one event pattern is needed (* for every type)");
        }
        List<String> exact = new java.util.ArrayList<>();
        List<String> prefixes = new java.util.ArrayList<>();
        boolean everything = false;
        for (String pattern : patterns) {
            if ("*".equals(pattern)) {
                everything = true;
            } else if (pattern.endsWith(".*") && PREFIX.matcher(pattern.substring(0, pattern.length() - 2)).matches()) {
                prefixes.add(pattern.substring(0, pattern.length() - 1));
            } else if (EventTypes.isValid(pattern)) {
                exact.add(pattern);
            } else {
                throw new IllegalArgumentException("the event pattern '" + pattern + "' is not an event type, "
                    + "<prefix>.* or *");
            }
        }
        return new EventPatterns(List.copyOf(exact), List.copyOf(prefixes), everything);
    }

    /**
     * @param type an event type
     * @return whether a pattern matches it
     */
    public boolean matches(@NonNull String type) {
        if (everything || exact.contains(type)) {
            return true;
        }
        for (String prefix : prefixes) {
            if (type.startsWith(prefix) && type.length() > prefix.length()) {
                return true;
            }
        }
        return false;
    }
}
