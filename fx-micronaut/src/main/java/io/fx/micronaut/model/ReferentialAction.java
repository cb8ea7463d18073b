package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

import java.util.Arrays;
import java.util.Optional;

/**
 * What happens to the children of a BelongsTo relation when their parent is deleted, declared with
 * {@code onDelete:cascade|setNull|restrict|noAction}.
 *
 * @since 0.1.0
 */
public enum ReferentialAction {
    /** Children are deleted too (soft-deleted when the child model soft-deletes). */
    CASCADE("cascade", "CASCADE"),
    /** The children's key is set to null. */
    SET_NULL("setNull", "SET NULL"),
    /** The delete is refused with 409 {@code CONFLICT} while live children exist. */
    RESTRICT("restrict", "RESTRICT"),
    /** Nothing is done by the framework; a database foreign key (when there is one) refuses the delete. */
    NO_ACTION("noAction", "NO ACTION");

    private final String token;
    private final String sql;

    ReferentialAction(String token, String sql) {
        this.token = token;
        this.sql = sql;
    }

    /** @return the action as written in a directive */
    @NonNull
    public String token() {
        return token;
    }

    /** @return the standard SQL of the action in {@code ON DELETE} */
    @NonNull
    public String sql() {
        return sql;
    }

    /**
     * @param token an action as written in a directive
     * @return the action, if known
     */
    @NonNull
    public static Optional<ReferentialAction> fromToken(@NonNull String token) {
        return Arrays.stream(values()).filter(a -> a.token.equals(token)).findFirst();
    }
}
