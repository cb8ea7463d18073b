package io.fx.micronaut.config;

import io.micronaut.core.annotation.NonNull;

import java.util.Locale;
import java.util.Optional;

/**
 * How a list answer counts the records that match its filters: the {@code total} query parameter, a model's
 * default ({@code @FxModel(total = ...)}) or the server's ({@code fx.list.total}).
 *
 * @since 0.4.0
 */
public enum TotalMode {

    /** Counts every matching record ({@code SELECT COUNT(*)}); {@code meta} has {@code total} and {@code pages}. */
    EXACT,

    /**
     * On PostgreSQL, the planner's estimate of the filtered query when it is above {@code fx.list.estimate-threshold},
     * else an exact count; {@code meta.total_estimated} says when the number is an estimate. Other databases count
     * exactly.
     */
    ESTIMATED,

    /** Counts nothing: {@code meta} has neither {@code total} nor {@code pages}, only {@code has_more}. */
    NONE;

    /** @return the mode as the {@code total} parameter spells it */
    @NonNull
    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param token a mode as the {@code total} parameter spells it ({@code exact}, {@code estimated}, {@code none})
     * @return the mode, or empty when the token names none
     */
    @NonNull
    public static Optional<TotalMode> fromToken(@NonNull String token) {
        for (TotalMode mode : values()) {
            if (mode.token().equals(token)) {
                return Optional.of(mode);
            }
        }
        return Optional.empty();
    }
}
