package io.fx.micronaut.events.cache;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * A broadcast of dropped keys, as the plain JSON values that go on the channel:
 * {@code {"origin": <instance>, "cache": <name>, "keys": [[<type>, <value>], ...]}}. Each key keeps its type, so
 * a replica drops the very key its cache holds: {@code s} a string, {@code l} a long, {@code i} an int,
 * {@code u} a UUID, {@code b} a boolean. A key of another type cannot be broadcast and is left out.
 *
 * @param origin    the instance that dropped them
 * @param cacheName the cache
 * @param keys      the keys
 */
record BroadcastMessage(@NonNull String origin, @NonNull String cacheName, @NonNull List<Object> keys) {

    /**
     * @param key a cache key
     * @return whether it can be broadcast
     */
    static boolean isBroadcastable(@Nullable Object key) {
        return key instanceof String || key instanceof Long || key instanceof Integer || key instanceof UUID
            || key instanceof Boolean;
    }

    /** @return the message as plain JSON values */
    @NonNull
    Map<String, Object> toJson() {
        List<List<String>> encoded = new ArrayList<>(keys.size());
        for (Object key : keys) {
            String type = key instanceof String ? "s" : key instanceof Long ? "l" : key instanceof Integer ? "i"
                : key instanceof UUID ? "u" : "b";
            encoded.add(List.of(type, key.toString()));
        }
        Map<String, Object> json = new LinkedHashMap<>(4);
        json.put("origin", origin);
        json.put("cache", cacheName);
        json.put("keys", encoded);
        return json;
    }

    /**
     * @param json a message read from the channel
     * @return it, unless it is not one
     */
    @NonNull
    static Optional<BroadcastMessage> fromJson(@NonNull Map<?, ?> json) {
        if (!(json.get("origin") instanceof String origin) || !(json.get("cache") instanceof String cache)
            || !(json.get("keys") instanceof List<?> encoded)) {
            return Optional.empty();
        }
        List<Object> keys = new ArrayList<>(encoded.size());
        try {
            for (Object item : encoded) {
                if (!(item instanceof List<?> pair) || pair.size() != 2 || !(pair.get(1) instanceof String value)) {
                    return Optional.empty();
                }
                Object key = switch (String.valueOf(pair.get(0))) {
                    case "s" -> value;
                    case "l" -> Long.parseLong(value);
                    case "i" -> Integer.parseInt(value);
                    case "u" -> UUID.fromString(value);
                    case "b" -> Boolean.parseBoolean(value);
                    default -> null;
                };
                if (key == null) {
                    return Optional.empty();
                }
                keys.add(key);
            }
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        return Optional.of(new BroadcastMessage(origin, cache, List.copyOf(keys)));
    }
}
