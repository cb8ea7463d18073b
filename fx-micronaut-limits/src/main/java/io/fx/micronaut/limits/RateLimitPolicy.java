package io.fx.micronaut.limits;

import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A rate limit: at most {@code limit} requests per {@code window} for each key, the window starting with the key's
 * first request and refilling in full when it ends (a fixed window per key). A request the limit refuses consumes
 * nothing. The spec's {@code RequestsPerMinute} is {@code limit} at a one-minute window.
 *
 * <pre>{@code
 * RateLimitPolicy.of("signup", 5, Duration.ofMinutes(10)).key(RateLimitKeyResolver.bodyField("email"))
 * }</pre>
 *
 * @param name   the policy's name, in the {@code RateLimit} headers and the Redis keys: 1 to 64 letters, digits,
 *               {@code _}, {@code -} or {@code .}
 * @param limit  the requests a key may make per window, at least 1
 * @param window the window, whole seconds, at least one
 * @param key    whose requests count together
 * @since 0.7.0
 */
public record RateLimitPolicy(@NonNull String name, long limit, @NonNull Duration window,
                              @NonNull RateLimitKeyResolver key) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

    /**
     * @param name   the name
     * @param limit  the requests per window
     * @param window the window
     * @param key    the key resolver
     * @throws IllegalArgumentException when a value is out of range
     */
    public RateLimitPolicy {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(key, "key");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a rate limit policy's name is 1 to 64 letters, digits, _, - or .,"
                + " not '" + name + "'");
        }
        if (limit < 1) {
            throw new IllegalArgumentException("rate limit policy " + name + ": limit must be at least 1, not " + limit);
        }
        if (window.compareTo(Duration.ofSeconds(1)) < 0 || window.getNano() != 0) {
            throw new IllegalArgumentException("rate limit policy " + name + ": window must be whole seconds, at least"
                + " one, not " + window);
        }
    }

    /**
     * @param name   the name
     * @param limit  the requests per window
     * @param window the window
     * @return the policy, keyed by {@link RateLimitKeyResolver#principalOrIp()}
     */
    @NonNull
    public static RateLimitPolicy of(@NonNull String name, long limit, @NonNull Duration window) {
        return new RateLimitPolicy(name, limit, window, RateLimitKeyResolver.principalOrIp());
    }

    /**
     * @param resolver whose requests count together
     * @return a copy keyed by it
     */
    @NonNull
    public RateLimitPolicy key(@NonNull RateLimitKeyResolver resolver) {
        return new RateLimitPolicy(name, limit, window, resolver);
    }
}
