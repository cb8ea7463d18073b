package io.fx.micronaut.testsuite.relation;

import org.h2.api.Trigger;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * An H2 trigger that holds every row deleted from its table for a second and a half, so a test can act while the
 * delete's transaction is still open (H2's cancel does not interrupt it: the statement ends, then the transaction
 * decides).
 */
public class HoldingTrigger implements Trigger {

    /** How long each row is held. */
    static final long HOLD_MILLIS = 1500;

    @Override
    public void fire(Connection connection, Object[] oldRow, Object[] newRow) throws SQLException {
        try {
            Thread.sleep(HOLD_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted", "57014");
        }
    }
}
