package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The database deadline is on by default (30 s, which the database itself also enforces per statement:
 * PostgreSQL's session {@code statement_timeout}, H2's query timeout of the statements a request runs),
 * and {@code fx.query-timeout: 0} set explicitly still means no limit.
 */
@TestDatabase
class QueryTimeoutDefaultTest {

    private static final String NAME = "QueryTimeoutDefaultTest";

    @Test
    void thirtySecondsByDefault() throws Exception {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(NAME,
            "datasources.default.maximum-pool-size", 1, "fx.db.read-pool-size", 1))) {
            assertEquals(Duration.ofSeconds(30), server.getApplicationContext().getBean(FxConfiguration.class).getQueryTimeout());
            assertEquals(Databases.isPostgres() ? "30s" : "30000", databaseLimit(server));
        }
    }

    @Test
    void zeroSetExplicitlyIsUnlimited() throws Exception {
        // 0 as YAML writes it (an integer), as a system property or variable gives it (a string), and with a unit
        for (Object zero : new Object[] {0, "0", "0s"}) {
            try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(NAME,
                "datasources.default.maximum-pool-size", 1, "fx.db.read-pool-size", 1, "fx.query-timeout", zero))) {
                // H2 has no "none" per statement: a day stands for it (86,400,000 ms)
                assertEquals(Databases.isPostgres() ? "0" : "86400000", databaseLimit(server), "fx.query-timeout: " + zero);
            }
        }
    }

    /** Serves a list, then reads the statement limit of the connection that served it. */
    private static String databaseLimit(EmbeddedServer server) throws Exception {
        ApplicationContext context = server.getApplicationContext();
        assertEquals(200, new Api(server, context.getBean(JsonMapper.class)).get("/api/metrics?limit=1").status());
        DataSource pool = DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class,
            Qualifiers.byName(Databases.isPostgres() ? "read" : "default")));
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery(Databases.isPostgres() ? "SHOW statement_timeout"
                 : "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'QUERY_TIMEOUT'")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
