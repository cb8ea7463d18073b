package io.fx.micronaut.testsuite.support;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Drops the PostgreSQL schemas a {@link TestDatabase} class created (its own and those of the
 * scenarios named after it) once its tests are done. H2 in-memory databases need no cleanup.
 */
public final class TestDatabaseCleanup implements AfterAllCallback {

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (!Databases.isPostgres()) {
            return;
        }
        String prefix = Databases.schema(context.getRequiredTestClass().getSimpleName());
        try (Connection connection = Databases.admin()) {
            List<String> schemas = new ArrayList<>();
            try (PreparedStatement ps = connection.prepareStatement(
                "SELECT nspname FROM pg_namespace WHERE starts_with(nspname, ?)")) {
                ps.setString(1, prefix);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        schemas.add(rs.getString(1));
                    }
                }
            }
            try (Statement statement = connection.createStatement()) {
                for (String schema : schemas) {
                    statement.execute("DROP SCHEMA IF EXISTS \"" + schema + "\" CASCADE");
                }
            }
        }
    }
}
