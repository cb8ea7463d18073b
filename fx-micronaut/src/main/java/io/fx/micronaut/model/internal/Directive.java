package io.fx.micronaut.model.internal;

import io.micronaut.core.annotation.Internal;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The field directives this version understands, and the ones reserved for later features.
 */
@Internal
public enum Directive {
    REQUIRED("required", false),
    ENUM("enum", true),
    MIN("min", true),
    MAX("max", true),
    DEFAULT("default", true),
    READONLY("readonly", false),
    IMMUTABLE("immutable", false),
    WRITEONLY("writeonly", false),
    HIDDEN("hidden", false),
    FILTERABLE("filterable", false),
    SORTABLE("sortable", false),
    SEARCHABLE("searchable", false),
    UNIQUE("unique", false),
    JSON_ARRAY("json_array", false),
    JSON_OBJECT("json_object", false),
    RELATION("relation", true),
    THROUGH("through", true),
    ON_DELETE("onDelete", true);

    /** Directives of the specification that a later release implements; using one fails startup. */
    static final List<String> NOT_YET_SUPPORTED = List.of("file", "max_size", "accept", "auto_delete", "encrypted",
        "key", "versioned", "scheduled");

    private final String token;
    private final boolean takesValue;

    Directive(String token, boolean takesValue) {
        this.token = token;
        this.takesValue = takesValue;
    }

    String token() {
        return token;
    }

    boolean takesValue() {
        return takesValue;
    }

    static Optional<Directive> fromToken(String token) {
        return Arrays.stream(values()).filter(d -> d.token.equals(token)).findFirst();
    }

    /**
     * @param unknown an unknown directive name
     * @return the known directive closest to it by edit distance
     */
    static String closest(String unknown) {
        String lower = unknown.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Directive d : values()) {
            int distance = editDistance(lower, d.token);
            if (distance < bestDistance) {
                bestDistance = distance;
                best = d.token;
            }
        }
        return best;
    }

    private static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] swap = prev;
            prev = cur;
            cur = swap;
        }
        return prev[b.length()];
    }
}
