package io.fx.micronaut.benchmarks.framework;

import io.fx.micronaut.scheduled.ScheduledRunner;
import io.fx.micronaut.scheduled.SweepReport;
import io.micronaut.context.ApplicationContext;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How fast the scheduled runner transitions due rows: seeds the blog's posts ({@link BenchmarkSeeder}), makes every
 * one a draft due for publication ({@code publish_at} an hour ago), then sweeps with {@code ScheduledRunner.sweep()}
 * until a sweep publishes nothing, and prints the rows per second over the sweeps (each a batch of
 * {@code fx.scheduled.batch-size} per tick). History is off unless {@code --history true}.
 *
 * <p>Arguments: {@code --url URL [--user U] [--password P] [--rows N] [--batch-size N] [--history true|false]}.
 *
 * @since 0.9.0
 */
public final class SweepRate {

    private SweepRate() {
    }

    /**
     * @param args see the class documentation
     * @throws Exception on any failure (the process exits non-zero)
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        String url = options.get("url");
        String user = options.getOrDefault("user", url.startsWith("jdbc:h2:") ? "sa" : "postgres");
        String password = options.getOrDefault("password", "");
        String rows = options.getOrDefault("rows", "10000");
        BenchmarkSeeder.main(new String[] {"--url", url, "--user", user, "--password", password, "--rows", rows});
        try (Connection connection = DriverManager.getConnection(url, user, password);
             PreparedStatement due = connection.prepareStatement(
                 "UPDATE \"posts\" SET \"status\" = 'draft', \"publish_at\" = ?, \"expires_at\" = NULL")) {
            due.setTimestamp(1, Timestamp.from(Instant.now().minus(1, ChronoUnit.HOURS)));
            due.executeUpdate();
        }
        Map<String, Object> properties = new HashMap<>();
        properties.put("datasources.default.url", url);
        properties.put("datasources.default.driver-class-name",
            url.startsWith("jdbc:h2:") ? "org.h2.Driver" : "org.postgresql.Driver");
        properties.put("datasources.default.username", user);
        properties.put("datasources.default.password", password);
        properties.put("fx.scheduled.enabled", "false");
        properties.put("fx.scheduled.batch-size", options.getOrDefault("batch-size", "500"));
        properties.put("fx.history.enabled", options.getOrDefault("history", "false"));
        properties.put("micronaut.server.port", "-1");
        try (ApplicationContext context = ApplicationContext.builder().properties(properties).start()) {
            ScheduledRunner runner = context.getBean(ScheduledRunner.class);
            long started = System.nanoTime();
            int updated = 0;
            int sweeps = 0;
            while (true) {
                SweepReport report = runner.sweep();
                sweeps++;
                if (report.updated() == 0) {
                    break;
                }
                updated += report.updated();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            System.out.printf(Locale.ROOT, "BENCH sweep rows=%d sweeps=%d seconds=%.3f rows_per_s=%.0f history=%s%n",
                updated, sweeps, seconds, updated / seconds, properties.get("fx.history.enabled"));
        }
    }
}
