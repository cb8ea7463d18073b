package io.fx.micronaut.security.revocation;

import io.fx.micronaut.db.RawSql;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The tables of the SQL store (its revocations, and the login failure counts kept beside them): their names
 * behind {@code fx.security.revocation.sql.table-prefix}, and their creation at startup, safe from several
 * instances at once.
 */
@Internal
public final class SqlTables {

    private static final Logger LOG = LoggerFactory.getLogger(SqlTables.class);
    private static final Pattern PREFIX = Pattern.compile("[a-z0-9_]{0,32}");
    private static final int MIGRATION_ATTEMPTS = 5;

    private SqlTables() {
    }

    /**
     * @param prefix the configured table prefix
     * @param table  the table's own name
     * @return the prefixed name
     * @throws FxConfigurationException naming the key when the prefix is not up to 32 of a-z, 0-9 and _
     */
    public static String name(String prefix, String table) {
        if (!PREFIX.matcher(prefix).matches()) {
            throw new FxConfigurationException(SqlRevocationConfiguration.PREFIX + ".table-prefix '" + prefix
                + "' is not up to 32 of a-z, 0-9 and _");
        }
        return prefix + table;
    }

    /**
     * Runs statements that create what is missing ({@code IF NOT EXISTS}); a statement that loses a race with
     * another instance is run again and then finds the object.
     *
     * @param store      the data store
     * @param statements the statements, in order
     */
    public static void migrate(RawSql store, List<String> statements) {
        for (String statement : statements) {
            for (int attempt = 1; ; attempt++) {
                try {
                    store.execute(statement, List.of());
                    break;
                } catch (RuntimeException e) {
                    if (attempt >= MIGRATION_ATTEMPTS) {
                        throw e;
                    }
                    LOG.debug("Security table migration attempt {} failed; trying again", attempt, e);
                    pause(attempt);
                }
            }
        }
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(20L * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while migrating the security tables", e);
        }
    }
}
