package io.fx.micronaut.db.sql;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * Whether the database was last seen unreachable: a statement or a connection attempt failed with
 * SQLState class 08 (connection exception) or PostgreSQL's 57P01/57P02/57P03 (the server is shutting
 * down or starting). While it is, a request waits at most {@value #UNAVAILABLE_WAIT_MILLIS} ms for a
 * connection (within its deadline) and then answers 503 {@code DB_UNAVAILABLE}, instead of holding its
 * client for the whole deadline; the first connection the pool hands out again ends it.
 */
final class DatabaseAvailability {

    /** The longest a request waits for a connection while the database is unavailable. */
    static final long UNAVAILABLE_WAIT_MILLIS = 2000;
    private static final Logger LOG = LoggerFactory.getLogger(DatabaseAvailability.class);
    /** The message of HikariCP's closed-connection stand-in. */
    private static final String HIKARI_CLOSED = "Connection is closed";

    private volatile boolean unavailable;

    /** @return whether the database was last seen unreachable */
    boolean unavailable() {
        return unavailable;
    }

    /**
     * @param remainingNanos the time left of the request's deadline
     * @return how long a connection wait may take now
     */
    long waitLimitNanos(long remainingNanos) {
        return unavailable ? Math.min(remainingNanos, TimeUnit.MILLISECONDS.toNanos(UNAVAILABLE_WAIT_MILLIS))
            : remainingNanos;
    }

    /** Records an unreachable database. */
    void down() {
        if (!unavailable) {
            unavailable = true;
            LOG.warn("The database is unreachable; requests answer 503 DB_UNAVAILABLE until it is back");
        }
    }

    /** Records a connection handed out. */
    void up() {
        if (unavailable) {
            unavailable = false;
            LOG.info("The database is reachable again");
        }
    }

    /**
     * @param e a failure
     * @return whether it, or a cause, says the database is unreachable
     */
    static boolean isUnavailable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && isUnavailableState(sql.getSQLState())) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /**
     * HikariCP closes a connection whose statement failed with a connection error, and every later
     * call on it fails with this SQLState-less error; Micronaut's transaction clean-up after a failed
     * commit reports it instead of the commit's own failure. Whether the database went away or the
     * application closed the connection itself then takes a look at the database to tell.
     *
     * @param e a failure
     * @return whether it, or a cause, is a call on a connection the pool had closed
     */
    static boolean isClosedConnection(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() == null && HIKARI_CLOSED.equals(sql.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param state an SQLState
     * @return whether it names a connection failure or a server going away
     */
    static boolean isUnavailableState(String state) {
        return state != null && (state.startsWith("08") || state.equals("57P01") || state.equals("57P02")
            || state.equals("57P03"));
    }
}
