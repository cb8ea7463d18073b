package io.fx.micronaut.db.sql;

import io.fx.micronaut.model.ModelDescriptor;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Set;

/**
 * Writes the child rows of a referential action one by one, through the same path as a direct write,
 * so record listeners see each of them. Used only for child models a listener covers.
 */
interface CascadeWriter {

    /** @return whether the edges into {@code child} must run row by row */
    boolean rowByRow(ModelDescriptor child);

    /** Deletes one child (applying its own children's actions first), reporting it to the listeners. */
    void deleteChild(Connection connection, CallScopes scopes, ModelDescriptor child, String id, Instant now,
                     Set<String> visited) throws SQLException;

    /** Clears one child's key, reporting it to the listeners as an update. */
    void clearKey(Connection connection, CallScopes scopes, ModelDescriptor child, String id, String keyField)
        throws SQLException;
}
