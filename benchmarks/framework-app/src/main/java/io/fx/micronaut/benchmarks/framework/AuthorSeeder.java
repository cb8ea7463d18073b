package io.fx.micronaut.benchmarks.framework;

import io.fx.micronaut.db.FieldCodecs;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.examples.blog.Author;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.context.ApplicationContext;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Fills the blog's {@code authors} table for the author endpoints of run.sh: the same ids, names and e-mails
 * ({@code author-<n>@bench.example}, unique) from the same seed on every database, each e-mail stored as the
 * server of the same configuration stores it: through the field's codec of the blog's running context (an
 * AES-GCM envelope and its blind index {@code email_hmac} when the blog's encryption is on, the plain value
 * otherwise). Rows go in with batched JDBC, as the posts do.
 *
 * @since 0.10.0
 */
final class AuthorSeeder {

    private static final String[] ROLES = {"reader", "writer", "writer", "editor"};
    private static final long BASE_EPOCH_SECOND = Instant.parse("2024-06-01T00:00:00Z").getEpochSecond();
    /** Mixed into the seed, so the authors' sequence is not the posts'. */
    private static final long SALT = 0x5EEDA07L;

    private final FieldCodecs codecs;
    private final ModelDescriptor model;
    private final FieldDescriptor email;
    private final List<String> companions;

    /** @param context the blog's running context, configured as the server it seeds for */
    AuthorSeeder(ApplicationContext context) {
        this.codecs = context.getBean(FieldCodecs.class);
        this.model = context.getBean(ModelRegistry.class).findByType(Author.class).orElseThrow();
        this.email = model.findField("email").orElseThrow();
        this.companions = codecs.companions(model).stream().map(FieldDescriptor::name).toList();
    }

    /** @param n the author's number, from 1 @return its e-mail */
    static String email(int n) {
        return "author-" + n + "@bench.example";
    }

    /**
     * @param connection a connection to the migrated database
     * @param rows       how many authors
     * @param seed       the random seed
     * @param idsFile    where to write the ids, one a line, or null
     * @return whether the e-mails are stored in another form than given (encrypted)
     */
    boolean seed(Connection connection, int rows, long seed, String idsFile) throws SQLException, IOException {
        Map<String, String> types = BenchmarkSeeder.columnTypes(connection, model.getTable());
        List<String> columns = new ArrayList<>(List.of("id", "created_at", "updated_at", "name", "email", "role", "bio"));
        columns.addAll(companions);
        List<String> placeholders = columns.stream().map(c -> BenchmarkSeeder.placeholder(types, c)).toList();
        String sql = "INSERT INTO \"" + model.getTable() + "\" (\"" + String.join("\", \"", columns) + "\") VALUES ("
            + String.join(", ", placeholders) + ")";
        StorageContext system = StorageContext.system();
        boolean encoded = false;
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            statement.execute("DELETE FROM \"" + model.getTable() + "\"");
        }
        Random random = new Random(seed ^ SALT);
        Writer ids = idsFile == null ? Writer.nullWriter() : Files.newBufferedWriter(Path.of(idsFile), StandardCharsets.UTF_8);
        try (ids; PreparedStatement ps = connection.prepareStatement(sql)) {
            for (int n = 1; n <= rows; n++) {
                String id = new UUID((random.nextLong() & ~0xF000L) | 0x4000L,
                    (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L).toString();
                OffsetDateTime created = OffsetDateTime.ofInstant(Instant.ofEpochSecond(BASE_EPOCH_SECOND + n * 60L), ZoneOffset.UTC);
                Map<String, Object> values = new LinkedHashMap<>();
                values.put(email.name(), email(n));
                codecs.addCompanionValues(model, values, system);
                Object stored = codecs.encode(email, email(n), system);
                encoded |= !email(n).equals(stored);
                ps.setString(1, id);
                ps.setObject(2, created);
                ps.setObject(3, created);
                ps.setString(4, "Author " + n);
                ps.setObject(5, stored);
                ps.setString(6, ROLES[random.nextInt(ROLES.length)]);
                ps.setString(7, "Writes about " + (100 + random.nextInt(900)) + " things.");
                for (int c = 0; c < companions.size(); c++) {
                    ps.setObject(8 + c, values.get(companions.get(c)));
                }
                ps.addBatch();
                ids.write(id);
                ids.write('\n');
                if (n % 1000 == 0) {
                    ps.executeBatch();
                    connection.commit();
                }
            }
            ps.executeBatch();
            connection.commit();
        }
        connection.setAutoCommit(true);
        BenchmarkSeeder.analyze(connection, model.getTable());
        return encoded;
    }
}
