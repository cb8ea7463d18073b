package io.fx.micronaut.security.revocation;

import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.Internal;

import java.util.regex.Pattern;

/**
 * The tables of the SQL store (its revocations, and the login failure counts kept beside them): their names
 * behind {@code fx.security.revocation.sql.table-prefix} (they are created with {@code RawSql.migrate}).
 */
@Internal
public final class SqlTables {

    private static final Pattern PREFIX = Pattern.compile("[a-z0-9_]{0,32}");

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
}
