package io.fx.micronaut.testsuite.postgres;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.fx.micronaut.config.FxEnvironmentVariables;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.transaction.TransactionOperations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Pool defaults, the max_connections warning, libpq URIs without logged credentials, and session settings. */
@TestDatabase
@EnabledIfSystemProperty(named = Databases.DATABASE_PROPERTY, matches = "postgres")
class PoolSettingsTest {

    private static final String NAME = "PoolSettingsTest";

    @Test
    void bothPoolsOpenWithDefaultSizesEvenWithoutAReadUrl() throws Exception {
        // outside the "test" environment, whose application-test.yml sizes the pool
        try (ApplicationContext context = ApplicationContext.builder(Databases.config(NAME))
            .deduceEnvironment(false).start()) {
            context.getBean(io.fx.micronaut.db.DataStore.class);
            assertTrue(context.containsBean(TransactionOperations.class, Qualifiers.byName("read")), "the read pool is open");
            assertEquals(3, context.getBean(io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration.class,
                Qualifiers.byName("default")).getMaximumPoolSize());
            assertEquals(6, context.getBean(javax.sql.DataSource.class, Qualifiers.byName("read"))
                .unwrap(com.zaxxer.hikari.HikariDataSource.class).getMaximumPoolSize());
        }
    }

    @Test
    void poolsClaimingMoreThanHalfOfMaxConnectionsWarnAtStartup() throws Exception {
        int max;
        try (Connection connection = Databases.admin(); Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("SHOW max_connections")) {
            rs.next();
            max = Integer.parseInt(rs.getString(1));
        }
        try (LogCapture log = new LogCapture("io.fx.micronaut.db.sql.PoolBudgetCheck");
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(NAME,
                 "datasources.default.maximum-pool-size", max / 2, "datasources.default.minimum-idle", 1,
                 "fx.db.read-pool-size", 2))) {
            assertTrue(server.isRunning());
            assertTrue(log.text().contains("more than half of the server's max_connections (" + max + ")"), log.text());
        }
        try (LogCapture log = new LogCapture("io.fx.micronaut.db.sql.PoolBudgetCheck");
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(NAME))) {
            assertFalse(log.text().contains("max_connections"), "3 + 6 stays within budget: " + log.text());
        }
    }

    @Test
    void libpqUrisWorkAndTheirCredentialsAreNeverLogged() throws Exception {
        Databases.properties(NAME);
        String uri = "postgres://" + Databases.POSTGRES_USER + ":s3cret-pw@127.0.0.1:5432/test?currentSchema="
            + Databases.schema(NAME);
        List<Logger> verbose = Stream.of("com.zaxxer.hikari", "io.fx", "io.micronaut.jdbc",
            "io.micronaut.configuration.jdbc", "io.micronaut.data", "org.postgresql")
            .map(name -> (Logger) LoggerFactory.getLogger(name)).toList();
        List<Level> levels = verbose.stream().map(Logger::getLevel).toList();
        verbose.forEach(logger -> logger.setLevel(Level.DEBUG));
        try (LogCapture log = new LogCapture(Logger.ROOT_LOGGER_NAME);
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, environment(Map.of(
                 "DB_WRITE_URL", uri, "DB_READ_URL", uri + "&ApplicationName=fx-read")))) {
            TransactionOperations<Connection> read = server.getApplicationContext().getBean(
                io.micronaut.core.type.Argument.of(TransactionOperations.class, Connection.class), Qualifiers.byName("read"));
            String user = read.executeRead(status -> {
                try (Statement statement = status.getConnection().createStatement();
                     ResultSet rs = statement.executeQuery("SELECT current_user")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            assertEquals(Databases.POSTGRES_USER, user);
            assertFalse(log.text().isEmpty(), "debug logging was captured");
            assertFalse(log.text().contains("s3cret-pw"), "the password never reaches the log");
        } finally {
            for (int i = 0; i < verbose.size(); i++) {
                verbose.get(i).setLevel(levels.get(i));
            }
        }
    }

    /** What the fx-environment property source makes of these variables, plus the spec name. */
    private static Map<String, Object> environment(Map<String, String> variables) {
        Map<String, Object> properties = new java.util.HashMap<>(FxEnvironmentVariables.toProperties(null, variables));
        properties.put("spec.name", NAME);
        return properties;
    }

    @Test
    void sessionSettingsApplyToEveryConnection() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(NAME,
            "fx.db.session.statement_timeout", "7s", "fx.db.session.application_name", "fx-session-test"))) {
            TransactionOperations<Connection> read = server.getApplicationContext().getBean(
                io.micronaut.core.type.Argument.of(TransactionOperations.class, Connection.class), Qualifiers.byName("read"));
            String settings = read.executeRead(status -> {
                try (Statement statement = status.getConnection().createStatement();
                     ResultSet rs = statement.executeQuery(
                         "SELECT current_setting('statement_timeout') || ',' || current_setting('application_name')")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            assertEquals("7s,fx-session-test", settings);
        }
    }
}
