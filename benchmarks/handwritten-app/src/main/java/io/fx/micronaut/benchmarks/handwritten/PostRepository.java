package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.context.annotation.Value;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.UUID;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Plain JDBC access to the {@code posts} table the framework migrated. SQL is written once; JSON
 * columns are text on H2 and may be {@code json}/{@code jsonb} on PostgreSQL, and {@code id} may be
 * {@code uuid} there, so the placeholders for those columns are chosen once from the table's metadata.
 *
 * <p>By default a create is one auto-commit {@code INSERT}, as a competent hand-written service does it.
 * With {@code bench.framework-write-guarantees=true} it gives the guarantees the framework's specification
 * asks of every write instead: each create and update runs in its own transaction and, on an embedded
 * database (H2), under a process-wide write lock taken before the transaction starts. The benchmark runs this variant as
 * a second baseline to show what those guarantees cost apart from the framework.
 *
 * @since 0.1.0
 */
@Singleton
public class PostRepository {

    private static final String COLUMNS = "\"id\", \"created_at\", \"updated_at\", \"title\", \"body\", \"status\", "
        + "\"views\", \"rating\", \"slug\", \"published_at\", \"labels\", \"attributes\", \"author_id\", \"owner_id\", \"featured_tag_id\", \"publish_at\", \"expires_at\", \"cover\", "
        + "\"thumbnail\", \"deleted_at\"";
    private static final Argument<List<String>> LABELS = Argument.listOf(String.class);
    private static final Argument<Map<String, Object>> ATTRIBUTES = Argument.mapOf(String.class, Object.class);

    private final DataSource dataSource;
    private final JsonMapper json;
    private final String selectById;
    private final String insert;
    private final String update;
    private final String softDelete;
    /** The blog's cascades of a post delete (its comments and post tags), when their tables exist. */
    private final List<String> deleteChildren;
    private final boolean writeGuarantees;
    private final boolean embedded;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final PostCursor cursors;
    private final String idPlaceholder;
    /** Under total=estimated, the estimate up to which a list is counted exactly (the framework's default). */
    private static final long ESTIMATE_THRESHOLD = 10_000;
    private static final Pattern PLAN_ROWS = Pattern.compile("\"Plan Rows\":\\s*(\\d+)");

    /**
     * @param dataSource      the default data source
     * @param json            the JSON mapper
     * @param cursors         signs and checks list cursors
     * @param writeGuarantees whether writes give the framework's guarantees (a transaction each, and the
     *                        embedded write lock on H2)
     */
    public PostRepository(DataSource dataSource, JsonMapper json, PostCursor cursors,
                          @Value("${bench.framework-write-guarantees:false}") boolean writeGuarantees) {
        this.dataSource = dataSource;
        this.json = json;
        this.writeGuarantees = writeGuarantees;
        this.cursors = cursors;
        Map<String, String> types;
        List<String> children = new java.util.ArrayList<>();
        try (Connection connection = dataSource.getConnection()) {
            this.embedded = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("h2");
            types = columnTypes(connection);
            for (String child : List.of("comments", "post_tags")) {
                Map<String, String> childTypes = childColumnTypes(connection, child);
                if (childTypes.containsKey("post_id")) {
                    children.add("DELETE FROM \"" + child + "\" WHERE \"post_id\" = " + placeholder(childTypes, "post_id"));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot reach the database", e);
        }
        String id = placeholder(types, "id");
        this.idPlaceholder = id;
        String labels = placeholder(types, "labels");
        String attributes = placeholder(types, "attributes");
        this.selectById = "SELECT " + COLUMNS + " FROM \"posts\" WHERE \"id\" = " + id + " AND \"deleted_at\" IS NULL";
        this.insert = "INSERT INTO \"posts\" (\"id\", \"created_at\", \"updated_at\", \"title\", \"body\", \"status\", "
            + "\"views\", \"rating\", \"slug\", \"published_at\", \"labels\", \"attributes\", \"secret\") VALUES ("
            + id + ", ?, ?, ?, ?, ?, ?, ?, ?, ?, " + labels + ", " + attributes + ", ?)";
        this.update = "UPDATE \"posts\" SET \"title\" = COALESCE(?, \"title\"), \"body\" = COALESCE(?, \"body\"), "
            + "\"status\" = COALESCE(?, \"status\"), \"views\" = COALESCE(?, \"views\"), \"rating\" = COALESCE(?, \"rating\"), "
            + "\"published_at\" = COALESCE(?, \"published_at\"), \"labels\" = COALESCE(" + labels + ", \"labels\"), "
            + "\"attributes\" = COALESCE(" + attributes + ", \"attributes\"), \"secret\" = COALESCE(?, \"secret\"), "
            + "\"updated_at\" = ? WHERE \"id\" = " + id + " AND \"deleted_at\" IS NULL";
        this.deleteChildren = List.copyOf(children);
        this.softDelete = "UPDATE \"posts\" SET \"deleted_at\" = ?, \"updated_at\" = ? WHERE \"id\" = " + id
            + " AND \"deleted_at\" IS NULL";
    }

    /**
     * @param id the post id
     * @return the live post
     */
    public Optional<PostView> findById(String id) {
        try (Connection connection = dataSource.getConnection()) {
            return select(connection, id);
        } catch (SQLException e) {
            throw new IllegalStateException("read failed", e);
        }
    }

    /**
     * @param query the list query
     * @return the page and its metadata
     */
    public ListEnvelope list(PostQuery query) {
        try (Connection connection = dataSource.getConnection()) {
            Long total = null;
            boolean estimated = false;
            if (query.total().equals("estimated") && !embedded) {
                total = estimate(connection, query);
                estimated = total > ESTIMATE_THRESHOLD;
            }
            if (query.total().equals("exact") || (query.total().equals("estimated") && !estimated)) {
                try (PreparedStatement ps = connection.prepareStatement("SELECT COUNT(*) FROM \"posts\"" + query.where())) {
                    bind(ps, query.parameters());
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        total = rs.getLong(1);
                    }
                }
            }
            List<PostView> rows = new ArrayList<>(query.limit() + 1);
            if (total == null || estimated || total > query.offset()) {
                List<Object> parameters = new ArrayList<>(query.parameters());
                String where = query.where();
                if (query.cursor() != null) {
                    List<String> values = cursors.decode(query.cursor(), query.keys().size());
                    StringBuilder columns = new StringBuilder();
                    StringBuilder marks = new StringBuilder();
                    for (int i = 0; i < values.size(); i++) {
                        String column = query.keys().get(i);
                        columns.append(i == 0 ? "" : ", ").append('"').append(column).append('"');
                        marks.append(i == 0 ? "" : ", ").append(column.equals("id") ? idPlaceholder : "?");
                        parameters.add(column.equals("id") ? values.get(i) : utc(Instant.parse(values.get(i))));
                    }
                    where += " AND (" + columns + ") " + (query.descending() ? "<" : ">") + " (" + marks + ")";
                }
                boolean offset = query.offset() > 0;
                String sql = "SELECT " + COLUMNS + " FROM \"posts\"" + where + query.orderBy()
                    + (offset ? " LIMIT ? OFFSET ?" : " LIMIT ?");
                try (PreparedStatement ps = connection.prepareStatement(sql)) {
                    int next = bind(ps, parameters);
                    ps.setInt(next, query.limit() + 1);
                    if (offset) {
                        ps.setLong(next + 1, query.offset());
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            rows.add(read(rs));
                        }
                    }
                }
            }
            boolean hasMore = rows.size() > query.limit();
            String nextCursor = null;
            if (hasMore) {
                rows.remove(query.limit());
                PostView last = rows.get(rows.size() - 1);
                // like the framework, every page that has a next one carries its cursor (this service continues
                // only those over created_at or updated_at; the others are for the clients of a real service)
                List<String> values = new ArrayList<>(query.keys().size());
                for (String column : query.keys()) {
                    values.add(sortValue(last, column));
                }
                nextCursor = cursors.encode(values);
            }
            return new ListEnvelope(rows, new PageMeta(total, estimated ? Boolean.TRUE : null,
                query.cursor() == null ? query.page() : null, query.limit(),
                total == null ? null : (total + query.limit() - 1) / query.limit(), hasMore, nextCursor));
        } catch (SQLException e) {
            throw new IllegalStateException("list failed", e);
        }
    }

    private static String sortValue(PostView post, String column) {
        Object value = switch (column) {
            case "id" -> post.id();
            case "created_at" -> post.createdAt();
            case "updated_at" -> post.updatedAt();
            case "title" -> post.title();
            case "status" -> post.status();
            case "views" -> post.views();
            case "rating" -> post.rating();
            case "published_at" -> post.publishedAt();
            default -> throw new IllegalArgumentException(column);
        };
        return value == null ? "" : value.toString();
    }

    /** @return the planner's row estimate of the filtered list (PostgreSQL) */
    private long estimate(Connection connection, PostQuery query) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("EXPLAIN (FORMAT JSON) SELECT 1 FROM \"posts\""
            + query.where())) {
            bind(ps, query.parameters());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                Matcher rows = PLAN_ROWS.matcher(rs.getString(1));
                return rows.find() ? Long.parseLong(rows.group(1)) : 0;
            }
        }
    }

    /**
     * @param input a validated create body with title and body present
     * @return the created post
     */
    public PostView create(PostInput input) {
        String id = UUID.randomUUID().toString();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        String status = input.status() == null ? "draft" : input.status();
        long views = input.views() == null ? 0 : input.views();
        if (writeGuarantees) {
            inWriteTransaction(connection -> {
                insert(connection, id, now, status, views, input);
                return null;
            });
        } else {
            try (Connection connection = dataSource.getConnection()) {
                insert(connection, id, now, status, views, input);
            } catch (SQLException e) {
                throw new IllegalStateException("insert failed", e);
            }
        }
        return new PostView(id, now.toString(), now.toString(), input.title(), input.body(), status, views,
            input.rating(), input.slug(), input.publishedAt() == null ? null : input.publishedAt().toString(),
            input.labels(), input.attributes(), null, null, null, null, null, null, null, null);
    }

    private void insert(Connection connection, String id, Instant now, String status, long views, PostInput input)
        throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(insert)) {
            ps.setString(1, id);
            ps.setObject(2, utc(now));
            ps.setObject(3, utc(now));
            ps.setString(4, input.title());
            ps.setString(5, input.body());
            ps.setString(6, status);
            ps.setLong(7, views);
            setDouble(ps, 8, input.rating());
            ps.setString(9, input.slug());
            ps.setObject(10, input.publishedAt() == null ? null : utc(input.publishedAt()), Types.TIMESTAMP_WITH_TIMEZONE);
            ps.setString(11, toJson(input.labels()));
            ps.setString(12, toJson(input.attributes()));
            ps.setString(13, input.secret());
            ps.executeUpdate();
        }
    }

    /**
     * Updates the fields present in the body and reads the post back, in one transaction.
     *
     * @param id    the post id
     * @param input a validated update body
     * @return the updated post, empty when there is no live post with that id
     */
    public Optional<PostView> update(String id, PostInput input) {
        return inWriteTransaction(connection -> {
            try (PreparedStatement ps = connection.prepareStatement(update)) {
                ps.setString(1, input.title());
                ps.setString(2, input.body());
                ps.setString(3, input.status());
                ps.setObject(4, input.views(), Types.BIGINT);
                setDouble(ps, 5, input.rating());
                ps.setObject(6, input.publishedAt() == null ? null : utc(input.publishedAt()), Types.TIMESTAMP_WITH_TIMEZONE);
                ps.setString(7, toJson(input.labels()));
                ps.setString(8, toJson(input.attributes()));
                ps.setString(9, input.secret());
                ps.setObject(10, utc(Instant.now().truncatedTo(ChronoUnit.MICROS)));
                ps.setString(11, id);
                return ps.executeUpdate() == 0 ? Optional.empty() : select(connection, id);
            }
        });
    }

    /**
     * Soft-deletes a live post (stamps {@code deleted_at}) and deletes its comments and post tags, in one transaction,
     * as the blog's {@code Post} is deleted (its relations' {@code onDelete:cascade}; neither child soft-deletes).
     *
     * @param id the post id
     * @return whether a live post was deleted
     */
    public boolean delete(String id) {
        return inWriteTransaction(connection -> {
            try (PreparedStatement ps = connection.prepareStatement(softDelete)) {
                Object now = utc(Instant.now().truncatedTo(ChronoUnit.MICROS));
                ps.setObject(1, now);
                ps.setObject(2, now);
                ps.setString(3, id);
                if (ps.executeUpdate() != 1) {
                    return false;
                }
            }
            for (String children : deleteChildren) {
                try (PreparedStatement ps = connection.prepareStatement(children)) {
                    ps.setString(1, id);
                    ps.executeUpdate();
                }
            }
            return true;
        });
    }

    /**
     * Work on one connection in one transaction; with the framework's guarantees, under the embedded
     * write lock, taken where the framework takes it: before the connection is checked out, so a writer
     * waiting for the lock holds no connection that a read could use.
     */
    private <T> T inWriteTransaction(TransactionWork<T> work) {
        boolean lock = writeGuarantees && embedded;
        if (lock) {
            writeLock.lock();
        }
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("write failed", e);
        } finally {
            if (lock) {
                writeLock.unlock();
            }
        }
    }

    /** Work inside a transaction. */
    @FunctionalInterface
    private interface TransactionWork<T> {
        T run(Connection connection) throws SQLException;
    }

    private Optional<PostView> select(Connection connection, String id) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(selectById)) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(read(rs)) : Optional.empty();
            }
        }
    }

    private PostView read(ResultSet rs) throws SQLException {
        double rating = rs.getDouble(8);
        Double nullableRating = rs.wasNull() ? null : rating;
        String labels = rs.getString(11);
        String attributes = rs.getString(12);
        return new PostView(rs.getString(1), text(rs, 2), text(rs, 3), rs.getString(4), rs.getString(5),
            rs.getString(6), rs.getLong(7), nullableRating, rs.getString(9), text(rs, 10),
            labels == null ? null : fromJson(labels, LABELS), attributes == null ? null : fromJson(attributes, ATTRIBUTES),
            rs.getString(13), rs.getString(14), rs.getString(15), text(rs, 16), text(rs, 17), rs.getString(18),
            rs.getString(19), text(rs, 20));
    }

    private static String text(ResultSet rs, int index) throws SQLException {
        OffsetDateTime value = rs.getObject(index, OffsetDateTime.class);
        return value == null ? null : value.toInstant().toString();
    }

    private static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    private static void setDouble(PreparedStatement ps, int index, Double value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.DOUBLE);
        } else {
            ps.setDouble(index, value);
        }
    }

    private static int bind(PreparedStatement ps, List<Object> parameters) throws SQLException {
        int index = 1;
        for (Object parameter : parameters) {
            ps.setObject(index++, parameter);
        }
        return index;
    }

    private String toJson(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private <T> T fromJson(String text, Argument<T> type) {
        try {
            return json.readValue(text, type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> columnTypes(Connection connection) {
        try (PreparedStatement ps = connection.prepareStatement("SELECT * FROM \"posts\" WHERE 1 = 0");
             ResultSet rs = ps.executeQuery()) {
            ResultSetMetaData meta = rs.getMetaData();
            Map<String, String> types = new java.util.HashMap<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                types.put(meta.getColumnName(i).toLowerCase(Locale.ROOT), meta.getColumnTypeName(i).toLowerCase(Locale.ROOT));
            }
            return types;
        } catch (SQLException e) {
            throw new IllegalStateException("the posts table must exist (run the seeder first)", e);
        }
    }

    /** The column types of one of the blog's other tables; empty when it has none (a schema made by plain DDL). */
    private static Map<String, String> childColumnTypes(Connection connection, String table) {
        try (ResultSet rs = connection.getMetaData().getColumns(null, connection.getSchema(), table, null)) {
            Map<String, String> types = new java.util.HashMap<>();
            while (rs.next()) {
                types.put(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT), rs.getString("TYPE_NAME").toLowerCase(Locale.ROOT));
            }
            return types;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the columns of " + table, e);
        }
    }

    private static String placeholder(Map<String, String> types, String column) {
        String type = types.getOrDefault(column, "");
        return type.equals("json") || type.equals("jsonb") || type.equals("uuid") ? "CAST(? AS " + type + ")" : "?";
    }
}
