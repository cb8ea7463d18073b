package io.fx.micronaut.db.sql;

import io.micronaut.core.annotation.Nullable;

/**
 * What a database server reports about a failed statement in structured fields, as opposed to
 * its message text: the table, column and constraint concerned.
 *
 * @param table      the table, if reported
 * @param column     the column, if reported (not-null violations)
 * @param constraint the violated constraint, if reported
 * @since 0.1.0
 */
public record ServerError(@Nullable String table, @Nullable String column, @Nullable String constraint) {
}
