package io.fx.micronaut.query;

import io.micronaut.core.annotation.NonNull;

import java.util.Optional;

/**
 * The eighteen filter operators of the list query language.
 *
 * @since 0.1.0
 */
public enum FilterOperator {
    /** Equal. */
    EQ("eq"),
    /** Not equal. */
    NEQ("neq"),
    /** Greater than. */
    GT("gt"),
    /** Greater than or equal. */
    GTE("gte"),
    /** Less than. */
    LT("lt"),
    /** Less than or equal. */
    LTE("lte"),
    /** SQL LIKE with a raw pattern. */
    LIKE("like"),
    /** Case-insensitive LIKE with a raw pattern. */
    ILIKE("ilike"),
    /** Case-insensitive substring match of a literal value. */
    CONTAINS("contains"),
    /** Case-insensitive prefix match of a literal value. */
    STARTS_WITH("starts_with"),
    /** Case-insensitive suffix match of a literal value. */
    ENDS_WITH("ends_with"),
    /** JSON array element or JSON object {@code key=value} membership. */
    HAS("has"),
    /** Negation of {@link #HAS}. */
    NOT_HAS("not_has"),
    /** Member of a comma-separated list. */
    IN("in"),
    /** Not a member of a comma-separated list. */
    NOT_IN("not_in"),
    /** Inclusive range {@code low,high}. */
    BETWEEN("between"),
    /** The value is null; takes no value. */
    IS_NULL("is_null"),
    /** The value is not null; takes no value. */
    NOT_NULL("not_null");

    private final String token;

    FilterOperator(String token) {
        this.token = token;
    }

    /** @return the operator as written in a query string */
    @NonNull
    public String token() {
        return token;
    }

    /** @return whether the operator takes no value */
    public boolean isNullary() {
        return this == IS_NULL || this == NOT_NULL;
    }

    /** @return whether the value is a comma-separated list */
    public boolean isList() {
        return this == IN || this == NOT_IN || this == BETWEEN;
    }

    /** @return whether the operator matches text patterns */
    public boolean isTextMatch() {
        return this == LIKE || this == ILIKE || this == CONTAINS || this == STARTS_WITH || this == ENDS_WITH;
    }

    /** @return whether the operator orders values */
    public boolean isOrdering() {
        return this == GT || this == GTE || this == LT || this == LTE || this == BETWEEN;
    }

    /**
     * @param token an operator as written in a query string
     * @return the operator, if known
     */
    @NonNull
    public static Optional<FilterOperator> fromToken(@NonNull String token) {
        for (FilterOperator op : values()) {
            if (op.token.equals(token)) {
                return Optional.of(op);
            }
        }
        return Optional.empty();
    }
}
