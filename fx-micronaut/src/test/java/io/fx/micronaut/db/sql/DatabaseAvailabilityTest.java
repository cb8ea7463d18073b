package io.fx.micronaut.db.sql;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which failures say the database is unreachable, and how long a wait may take while it is. */
class DatabaseAvailabilityTest {

    @Test
    void connectionExceptionsAndServerShutdownsAreUnavailable() {
        for (String state : new String[] {"08001", "08003", "08006", "57P01", "57P02", "57P03"}) {
            assertTrue(DatabaseAvailability.isUnavailable(new SQLException("x", state)), state);
        }
        for (String state : new String[] {"57014", "40001", "23505", "42P01", "HYT00"}) {
            assertFalse(DatabaseAvailability.isUnavailable(new SQLException("x", state)), state);
        }
        assertFalse(DatabaseAvailability.isUnavailable(new SQLException("no state")));
    }

    @Test
    void causesCountAsDoesAConnectionThePoolClosed() {
        SQLException refused = new SQLException("Connection refused", "08001");
        assertTrue(DatabaseAvailability.isUnavailable(new IllegalStateException("begin",
            new SQLTransientConnectionException("pool timed out", "08001", refused))));
        assertFalse(DatabaseAvailability.isUnavailable(new RuntimeException(new SQLException("Connection is closed"))),
            "a connection the pool closed says nothing by itself");
        assertTrue(DatabaseAvailability.isClosedConnection(new RuntimeException(new SQLException("Connection is closed"))));
        assertFalse(DatabaseAvailability.isUnavailable(new RuntimeException(new SQLTransientConnectionException(
            "Connection is not available, request timed out after 1000ms"))));
    }

    @Test
    void whileUnavailableAWaitIsShort() {
        DatabaseAvailability availability = new DatabaseAvailability();
        long thirty = TimeUnit.SECONDS.toNanos(30);
        assertEquals(thirty, availability.waitLimitNanos(thirty));
        availability.down();
        assertTrue(availability.unavailable());
        assertEquals(TimeUnit.MILLISECONDS.toNanos(DatabaseAvailability.UNAVAILABLE_WAIT_MILLIS),
            availability.waitLimitNanos(thirty));
        assertEquals(5, availability.waitLimitNanos(5));
        availability.up();
        assertFalse(availability.unavailable());
    }
}
