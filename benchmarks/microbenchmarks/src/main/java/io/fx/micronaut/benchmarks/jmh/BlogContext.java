package io.fx.micronaut.benchmarks.jmh;

import io.fx.micronaut.examples.blog.Post;
import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.context.ApplicationContext;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The blog example's application context (without the HTTP server, on an in-memory H2 database), from
 * which the benchmarks take the real {@code Post} descriptor and the framework's own beans.
 *
 * @since 0.1.0
 */
public final class BlogContext implements AutoCloseable {

    private final ApplicationContext context;

    /**
     * Starts the context.
     */
    public BlogContext() {
        this.context = ApplicationContext.builder()
            .properties(Map.of(
                "datasources.default.url", "jdbc:h2:mem:jmh-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
                "datasources.default.driver-class-name", "org.h2.Driver",
                "datasources.default.username", "sa",
                "datasources.default.password", ""))
            .start();
    }

    /** @return the Post model as the framework registered it */
    public ModelDescriptor post() {
        return context.getBean(ModelRegistry.class).getModels().stream()
            .filter(model -> model.getType() == Post.class).findFirst()
            .orElseThrow(() -> new IllegalStateException("Post is not registered"));
    }

    /**
     * @param type a bean type
     * @param <T>  the type
     * @return the bean
     */
    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    /**
     * Rows shaped as the JDBC adapter reads them: column name to plain Java value, in column order.
     *
     * @param count the number of rows
     * @return the rows
     */
    public static List<Map<String, Object>> postRows(int count) {
        List<Map<String, Object>> rows = new ArrayList<>(count);
        Instant base = Instant.parse("2025-01-01T00:00:00Z");
        for (int i = 0; i < count; i++) {
            Map<String, Object> row = new LinkedHashMap<>(32);
            Instant created = base.plusSeconds(60L * i).plusNanos(123_456_000L);
            row.put("id", new UUID(0x1234_5678_9abc_4defL + i, 0x8000_0000_0000_0000L + i).toString());
            row.put("created_at", created);
            row.put("updated_at", created);
            row.put("title", "Post number " + i);
            row.put("body", "Body of post " + i + ". Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do "
                + "eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud.");
            row.put("status", i % 2 == 0 ? "published" : "draft");
            row.put("views", 1000L + i);
            row.put("rating", i % 10 == 0 ? null : (i % 51) / 10.0);
            row.put("slug", "post-" + i);
            row.put("published_at", i % 2 == 0 ? created.plusSeconds(3600) : null);
            row.put("labels", List.of("java", "bench"));
            row.put("attributes", Map.of("lang", "en", "words", 100L + i));
            row.put("author_id", null);
            row.put("deleted_at", null);
            rows.add(row);
        }
        return rows;
    }

    @Override
    public void close() {
        context.close();
    }
}
