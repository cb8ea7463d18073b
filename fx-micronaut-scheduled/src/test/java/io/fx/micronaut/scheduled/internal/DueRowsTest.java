package io.fx.micronaut.scheduled.internal;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.scheduled.Schedule;
import io.fx.micronaut.scheduled.ScheduledAction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sweep's statements on H2 against a table of rows most of which have no timestamp: the due rows come back
 * oldest first, and the index range starts past the nulls (H2 keeps them first in an index, and {@code <= now}
 * alone walked every one of them on each tick).
 */
class DueRowsTest {

    private static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");
    private static final int UNSCHEDULED = 3_000;

    private Connection connection;
    private DueRows rows;

    @BeforeEach
    void table() throws SQLException {
        connection = DriverManager.getConnection("jdbc:h2:mem:due-rows;DB_CLOSE_DELAY=-1", "sa", "");
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE \"broadcasts\" (\"id\" VARCHAR(36) PRIMARY KEY, \"created_at\" TIMESTAMP "
                + "WITH TIME ZONE, \"updated_at\" TIMESTAMP WITH TIME ZONE, \"publish_at\" TIMESTAMP WITH TIME ZONE, "
                + "\"status\" VARCHAR(20))");
            statement.execute("CREATE INDEX \"ix_broadcasts_publish_at_id\" ON \"broadcasts\" (\"publish_at\", \"id\")");
        }
        try (PreparedStatement insert = connection.prepareStatement(
            "INSERT INTO \"broadcasts\" (\"id\", \"publish_at\", \"status\") VALUES (?, ?, ?)")) {
            for (int i = 0; i < UNSCHEDULED; i++) {
                insert.setString(1, String.format("n-%05d", i));
                insert.setObject(2, null);
                insert.setString(3, "draft");
                insert.addBatch();
            }
            row(insert, "due-2", Instant.parse("2026-05-02T00:00:00Z"), "draft");
            row(insert, "due-1", Instant.parse("2026-05-01T00:00:00Z"), "draft");
            row(insert, "done", Instant.parse("2026-04-01T00:00:00Z"), "published");
            row(insert, "later", Instant.parse("2026-07-01T00:00:00Z"), "draft");
            row(insert, "ancient", Instant.parse("1500-01-01T00:00:00Z"), "draft");
            insert.executeBatch();
        }
        ModelDescriptor model = ModelDescriptor.synthetic("Broadcast", "broadcasts").fields(List.of(
            FieldDescriptor.builder("publish_at", FieldType.TIMESTAMP, Instant.class).build(),
            FieldDescriptor.builder("status", FieldType.STRING, String.class).build())).build();
        rows = new DueRows(model, new Schedule("Broadcast", "publish_at", ScheduledAction.SET_FIELD, "status", "draft",
            "published"));
    }

    @AfterEach
    void drop() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP ALL OBJECTS");
        }
        connection.close();
    }

    @Test
    void dueRowsComeOldestFirstAndTheIndexRangeSkipsRowsWithoutATimestamp() throws SQLException {
        assertEquals(List.of("due-1", "due-2"), ids(rows.select(), rows.selectParameters(NOW, 10)),
            "a row published already, one due later, and one before " + DueRows.NOT_BEFORE + " are not due");
        List<String> plan = ids("EXPLAIN ANALYZE " + rows.select(), rows.selectParameters(NOW, 10));
        Matcher scanned = Pattern.compile("scanCount: (\\d+)").matcher(plan.get(0));
        assertTrue(scanned.find(), plan.get(0));
        int count = Integer.parseInt(scanned.group(1));
        assertTrue(count <= 4, "the index range starts after the " + UNSCHEDULED + " nulls: " + plan.get(0));
    }

    @Test
    void theLockStatementRechecksTheSamePredicate() throws SQLException {
        assertEquals(List.of("due-1"), ids(rows.lock(), rows.lockParameters("due-1", NOW)));
        assertEquals(List.of(), ids(rows.lock(), rows.lockParameters("later", NOW)));
        assertEquals(List.of(), ids(rows.lock(), rows.lockParameters("n-00001", NOW)));
    }

    private static void row(PreparedStatement insert, String id, Instant publishAt, String status) throws SQLException {
        insert.setString(1, id);
        insert.setObject(2, publishAt);
        insert.setString(3, status);
        insert.addBatch();
    }

    private List<String> ids(String sql, List<Object> parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.size(); i++) {
                statement.setObject(i + 1, parameters.get(i));
            }
            List<String> found = new ArrayList<>();
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    found.add(result.getString(1));
                }
            }
            return found;
        }
    }
}
