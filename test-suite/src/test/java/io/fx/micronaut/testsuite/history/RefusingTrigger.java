package io.fx.micronaut.testsuite.history;

import org.h2.api.Trigger;

import java.sql.Connection;
import java.sql.SQLException;

/** An H2 trigger that refuses every row inserted into its table, carrying a value-like message the logs must not show. */
public class RefusingTrigger implements Trigger {

    @Override
    public void fire(Connection connection, Object[] oldRow, Object[] newRow) throws SQLException {
        throw new SQLException("refused row carrying secret-value-42", "45000");
    }
}
