package io.fx.micronaut.testsuite.relation;

import org.h2.api.Trigger;

import java.sql.Connection;
import java.sql.SQLException;

/** An H2 trigger that refuses every row deleted from its table, with a message the answer must not show. */
public class FailingTrigger implements Trigger {

    @Override
    public void fire(Connection connection, Object[] oldRow, Object[] newRow) throws SQLException {
        throw new SQLException("refused delete carrying internal-detail-17", "45000");
    }
}
