package io.fx.micronaut.benchmarks.framework;

import io.fx.micronaut.examples.blog.BlogApplication;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Fills the blog example's {@code posts} table with a deterministic data set: the same seed gives the
 * same rows (ids included) on every database, so both servers answer over identical data. By default
 * the framework creates the schema first (an application context of the blog example, whose startup
 * runs auto-migration); {@code --schema ddl} creates only {@code posts} with plain DDL instead, for a
 * database the framework cannot migrate yet, and {@code --schema existing} expects the table to exist. Only the columns of the original Post model are written
 * (others keep their defaults, so new columns such as a relation's foreign key stay null).
 *
 * <p>The framework's context is the blog's, configured as {@link FrameworkApplication} configures it (the
 * environment and the {@code bench.env.*} properties, {@link BenchmarkVariables}), so a seeder started with a
 * variant's JVM options migrates the schema that variant's server uses. {@code --authors N} also fills
 * {@code authors} through that context ({@link AuthorSeeder}: e-mails encrypted when the variant turns the blog's
 * encryption on); it needs {@code --schema framework}.
 *
 * <p>Arguments: {@code --url URL [--user U] [--password P] [--rows N] [--seed S] [--ids FILE]
 * [--schema framework|ddl|existing] [--authors N] [--author-ids FILE]}.
 *
 * @since 0.1.0
 */
public final class BenchmarkSeeder {

    private static final String[] STATUSES = {"published", "published", "published", "published", "published",
        "draft", "draft", "draft", "archived", "archived"};
    private static final String[] LABELS = {"java", "micronaut", "sql", "rest", "bench"};
    private static final long BASE_EPOCH_SECOND = Instant.parse("2025-01-01T00:00:00Z").getEpochSecond();

    private BenchmarkSeeder() {
    }

    /**
     * @param args see the class documentation
     * @throws Exception on any failure (the process exits non-zero)
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        String url = required(options, "url");
        String user = options.getOrDefault("user", url.startsWith("jdbc:h2:") ? "sa" : "postgres");
        String password = options.getOrDefault("password", "");
        int rows = Integer.parseInt(options.getOrDefault("rows", "10000"));
        long seed = Long.parseLong(options.getOrDefault("seed", "42"));
        int authors = Integer.parseInt(options.getOrDefault("authors", "0"));
        String schema = options.getOrDefault("schema", "framework");
        if (authors > 0 && !schema.equals("framework")) {
            throw new IllegalArgumentException("--authors needs --schema framework (their e-mails are stored through "
                + "the framework's codecs)");
        }
        if (schema.equals("framework")) {
            migrateWithFramework(url, user, password, authors, seed, options.get("author-ids"));
        }
        long started = System.nanoTime();
        try (Connection connection = DriverManager.getConnection(url, user, password)) {
            if (schema.equals("ddl")) {
                createTable(connection);
            }
            seed(connection, rows, seed, options.get("ids"));
        }
        System.out.printf(Locale.ROOT, "seeded %d posts into %s in %d ms%n", rows, url,
            (System.nanoTime() - started) / 1_000_000);
    }

    private static void migrateWithFramework(String url, String user, String password, int authors, long seed,
                                             String authorIds) throws SQLException, IOException {
        Map<String, Object> properties = new HashMap<>();
        properties.put("datasources.default.url", url);
        properties.put("datasources.default.driver-class-name", driver(url));
        properties.put("datasources.default.username", user);
        properties.put("datasources.default.password", password);
        ApplicationContextBuilder builder = ApplicationContext.builder().properties(properties);
        try (ApplicationContext context = BlogApplication.configure(builder, BenchmarkVariables.environment()).start()) {
            System.out.println("schema migrated by fx-micronaut (" + context.getEnvironment().getActiveNames() + ")");
            if (authors > 0) {
                long started = System.nanoTime();
                boolean encrypted;
                try (Connection connection = DriverManager.getConnection(url, user, password)) {
                    encrypted = new AuthorSeeder(context).seed(connection, authors, seed, authorIds);
                }
                System.out.printf(Locale.ROOT, "seeded %d authors (e-mails stored %s) in %d ms%n", authors,
                    encrypted ? "encrypted" : "as plain text", (System.nanoTime() - started) / 1_000_000);
            }
        }
    }

    private static void createTable(Connection connection) throws SQLException {
        boolean postgres = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
        String timestamp = postgres ? "TIMESTAMP(6) WITH TIME ZONE" : "TIMESTAMP(6) WITH TIME ZONE";
        String text = postgres ? "TEXT" : "CHARACTER VARYING";
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS \"posts\" (\"id\" VARCHAR(36) NOT NULL PRIMARY KEY, "
                + "\"created_at\" " + timestamp + " NOT NULL, \"updated_at\" " + timestamp + " NOT NULL, "
                + "\"title\" " + text + ", \"body\" " + text + ", \"status\" " + text + ", \"views\" BIGINT, "
                + "\"rating\" DOUBLE PRECISION, \"slug\" " + text + " CONSTRAINT \"uq_posts_slug\" UNIQUE, "
                + "\"published_at\" " + timestamp + ", \"labels\" " + text + ", \"attributes\" " + text + ", "
                + "\"secret\" " + text + ", \"internal_note\" " + text + ", \"author_id\" " + text + ", "
                + "\"owner_id\" " + text + ", \"featured_tag_id\" " + text + ", \"publish_at\" " + timestamp + ", "
                + "\"expires_at\" " + timestamp + ", \"cover\" " + text + ", \"thumbnail\" " + text + ", "
                + "\"deleted_at\" " + timestamp + ")");
            // the blog's indexes (Post: @FxIndex(columns = {"created_at", "id"}), @FxIndex(columns = {"status", ...}))
            statement.execute("CREATE INDEX IF NOT EXISTS \"idx_posts_created_at_id\" ON \"posts\" (\"created_at\", \"id\")");
            statement.execute("CREATE INDEX IF NOT EXISTS \"idx_posts_status_created_at_id\" ON \"posts\" "
                + "(\"status\", \"created_at\", \"id\")");
        }
    }

    private static void seed(Connection connection, int rows, long seed, String idsFile) throws SQLException, IOException {
        Map<String, String> types = columnTypes(connection, "posts");
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            statement.execute("DELETE FROM \"posts\"");
        }
        String sql = "INSERT INTO \"posts\" (\"id\", \"created_at\", \"updated_at\", \"title\", \"body\", \"status\", "
            + "\"views\", \"rating\", \"slug\", \"published_at\", \"labels\", \"attributes\") VALUES ("
            + placeholder(types, "id") + ", ?, ?, ?, ?, ?, ?, ?, ?, ?, " + placeholder(types, "labels") + ", "
            + placeholder(types, "attributes") + ")";
        Random random = new Random(seed);
        Writer ids = idsFile == null ? Writer.nullWriter() : Files.newBufferedWriter(Path.of(idsFile), StandardCharsets.UTF_8);
        try (ids; PreparedStatement ps = connection.prepareStatement(sql)) {
            for (int i = 1; i <= rows; i++) {
                String id = new UUID((random.nextLong() & ~0xF000L) | 0x4000L,
                    (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L).toString();
                OffsetDateTime created = OffsetDateTime.ofInstant(Instant.ofEpochSecond(BASE_EPOCH_SECOND + i * 60L), ZoneOffset.UTC);
                String status = STATUSES[random.nextInt(STATUSES.length)];
                ps.setString(1, id);
                ps.setObject(2, created);
                ps.setObject(3, created);
                ps.setString(4, "Post number " + i);
                ps.setString(5, body(random, i));
                ps.setString(6, status);
                ps.setLong(7, random.nextInt(100_000));
                if (random.nextInt(10) == 0) {
                    ps.setNull(8, Types.DOUBLE);
                } else {
                    ps.setDouble(8, random.nextInt(51) / 10.0);
                }
                ps.setString(9, "post-" + i);
                ps.setObject(10, status.equals("published") ? created.plusHours(1) : null, Types.TIMESTAMP_WITH_TIMEZONE);
                ps.setString(11, "[\"" + LABELS[random.nextInt(LABELS.length)] + "\",\"" + LABELS[random.nextInt(LABELS.length)] + "\"]");
                ps.setString(12, "{\"lang\":\"en\",\"words\":" + (100 + random.nextInt(900)) + "}");
                ps.addBatch();
                ids.write(id);
                ids.write('\n');
                if (i % 1000 == 0) {
                    ps.executeBatch();
                    connection.commit();
                }
            }
            ps.executeBatch();
            connection.commit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        connection.setAutoCommit(true);
        analyze(connection, "posts");
    }

    /**
     * Updates the planner's statistics of a table (of every table on H2); on PostgreSQL also vacuums it, leaving the
     * freshly loaded table as autovacuum soon would in production (its visibility map set, so counts may read an
     * index alone), the same for every server.
     */
    static void analyze(Connection connection, String table) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(connection.getMetaData().getDatabaseProductName().equals("H2") ? "ANALYZE"
                : "VACUUM ANALYZE \"" + table + "\"");
        }
    }

    private static String body(Random random, int i) {
        StringBuilder body = new StringBuilder(240).append("Body of post ").append(i).append('.');
        while (body.length() < 200) {
            body.append(" Lorem ipsum dolor sit amet ").append(random.nextInt(1000)).append('.');
        }
        return body.toString();
    }

    /** @return the database's type name of each column of a table, by lower-case column name */
    static Map<String, String> columnTypes(Connection connection, String table) throws SQLException {
        Map<String, String> types = new HashMap<>();
        try (Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("SELECT * FROM \"" + table + "\" WHERE 1 = 0")) {
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                types.put(rs.getMetaData().getColumnName(i).toLowerCase(Locale.ROOT),
                    rs.getMetaData().getColumnTypeName(i).toLowerCase(Locale.ROOT));
            }
        }
        return types;
    }

    /** @return the parameter of a column: {@code ?}, cast for json, jsonb and uuid columns */
    static String placeholder(Map<String, String> types, String column) {
        String type = types.getOrDefault(column, "");
        return type.equals("json") || type.equals("jsonb") || type.equals("uuid") ? "CAST(? AS " + type + ")" : "?";
    }

    private static String driver(String url) {
        return url.startsWith("jdbc:postgresql:") ? "org.postgresql.Driver" : "org.h2.Driver";
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value pairs, got " + args[i]);
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("--" + name + " is required");
        }
        return value;
    }
}
