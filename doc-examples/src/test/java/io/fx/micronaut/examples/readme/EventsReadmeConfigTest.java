package io.fx.micronaut.examples.readme;

import io.fx.micronaut.events.EventsConfiguration;
import io.fx.micronaut.events.audit.ReadAuditConfiguration;
import io.fx.micronaut.events.audit.RedisAuditConfiguration;
import io.fx.micronaut.events.audit.WriteAuditConfiguration;
import io.fx.micronaut.events.cache.CacheInvalidationConfiguration;
import io.fx.micronaut.events.email.EmailConfiguration;
import io.fx.micronaut.events.jobs.JobQueue;
import io.fx.micronaut.events.jobs.JobState;
import io.fx.micronaut.events.jobs.JobsConfiguration;
import io.fx.micronaut.events.webhooks.WebhookConfiguration;
import io.fx.micronaut.examples.cache.PostSummary;
import io.fx.micronaut.examples.jobs.DigestJob;
import io.fx.micronaut.examples.security.BlogServer;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micronaut.cache.CacheManager;
import io.micronaut.context.ApplicationContext;
import io.micronaut.cache.SyncCache;
import io.micronaut.cache.caffeine.DefaultCacheConfiguration;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.json.tree.JsonNode;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The YAML blocks of the events README, each a test resource {@code application-readme-*.yml}: the blog starts with
 * that environment, and the events module's configuration types hold what the block says; where the machine's Redis
 * serves the block (the Redis job store, the audit's Redis sink, the cache broadcast) the test runs it: a digest job
 * succeeds through the Redis stream, a write's audit record reaches {@code blog.audit}, and a write on one replica
 * drops the key from the other replica's cache.
 */
class EventsReadmeConfigTest {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private HttpResponse<String> send(BlogServer blog, String method, String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(blog.url() + path)).timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
            .build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private String create(BlogServer blog, String title) throws Exception {
        HttpResponse<String> created = send(blog, "POST", "/api/posts",
            "{\"title\":\"" + title + "\",\"body\":\"b\",\"slug\":\"" + title.toLowerCase() + "\"}");
        assertEquals(201, created.statusCode(), created.body());
        return created.body().replaceAll(".*?\"id\":\"([^\"]+)\".*", "$1");
    }

    private static boolean await(BooleanSupplier condition, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    private static BlogServer blog(String environment, Map<String, String> variables) {
        return BlogServer.start(variables, Map.of(), environment);
    }

    @Test
    void theWebhookEntry() {
        try (BlogServer blog = blog("readme-webhooks", Map.of())) {
            assertEquals(List.of("Post", "Comment"), blog.context().getBean(EventsConfiguration.class).getEmitModels());
            WebhookConfiguration billing = blog.context().getBean(WebhookConfiguration.class, Qualifiers.byName("billing"));
            assertEquals("https://billing.example.com/hooks/fx", billing.url());
            assertEquals(List.of("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"), billing.secrets());
            assertEquals(List.of("post.*", "comment.created"), billing.patterns());
            // Micronaut lower-cases the map's keys; header names ignore case
            assertEquals(Map.of("x-tenant", "acme"), billing.headers());
            assertEquals(Duration.ofSeconds(15), billing.timeout());
            assertEquals(List.of(), billing.allowedNetworks());
        }
    }

    @Test
    void anInternalReceiverNamesItsNetwork() {
        try (BlogServer blog = blog("readme-allowed-networks", Map.of())) {
            WebhookConfiguration sink = blog.context().getBean(WebhookConfiguration.class,
                Qualifiers.byName("audit-sink"));
            assertEquals("http://audit.internal:8080/events", sink.url());
            assertEquals(List.of("10.20.0.0/16"), sink.allowedNetworks());
            assertEquals(1, sink.secrets().size());
            assertEquals(List.of("*"), sink.patterns());
        }
    }

    @Test
    void theEmailEntries() {
        try (BlogServer blog = blog("readme-email", Map.of("SMTP_PASSWORD", "not-a-real-password"))) {
            EmailConfiguration editors = blog.context().getBean(EmailConfiguration.class, Qualifiers.byName("editors"));
            assertEquals(List.of("post.published"), editors.patterns());
            assertEquals(List.of("editors@example.com"), editors.to());
            assertNull(editors.toField());
            assertEquals("Published: {data.title}", editors.subject());
            assertEquals("{data.title} was published ({subject}).\n", editors.body());
            EmailConfiguration authors = blog.context().getBean(EmailConfiguration.class, Qualifiers.byName("authors"));
            assertEquals(List.of("comment.created"), authors.patterns());
            assertEquals(List.of(), authors.to());
            assertEquals("post_author_email", authors.toField());
            assertEquals("New comment by {data.author_name}", authors.subject());
            assertEquals("{data.author_name} wrote: {data.body}", authors.body());
            assertEquals(Optional.of("smtp.example.com"),
                blog.context().getProperty("javamail.properties.mail.smtp.host", String.class));
            assertEquals(Optional.of("blog"), blog.context().getProperty("javamail.authentication.username", String.class));
        }
    }

    @Test
    void theRedisJobStoreRunsADigest() throws Exception {
        // not through BlogApplication.configure, whose BLOG_JOBS (default memory) would outrank the file
        try (ApplicationContext blog = ApplicationContext.builder().environments("test", "readme-jobs-redis")
                 .properties(Map.of("datasources.default.url", "jdbc:h2:mem:readme-jobs-" + UUID.randomUUID()
                     + ";DB_CLOSE_DELAY=-1"))
                 .start()) {
            JobsConfiguration configuration = blog.getBean(JobsConfiguration.class);
            assertEquals("redis", configuration.getStore());
            assertEquals("blog:jobs", configuration.getPrefix());
            JobQueue jobs = blog.getBean(JobQueue.class);
            String id = jobs.enqueue(DigestJob.TYPE, JsonNode.createObjectNode(Map.of()));
            assertTrue(await(() -> jobs.status(id).orElseThrow().status() == JobState.SUCCEEDED, Duration.ofSeconds(20)),
                () -> "the digest job through Redis: " + jobs.status(id));
        }
    }

    @Test
    void theAuditConfigurationWritesToRedis() throws Exception {
        try (RedisClient client = RedisClient.create("redis://127.0.0.1:6379");
             StatefulRedisConnection<String, String> redis = client.connect();
             BlogServer blog = blog("readme-audit", Map.of())) {
            redis.setTimeout(Duration.ofSeconds(5));
            WriteAuditConfiguration write = blog.context().getBean(WriteAuditConfiguration.class);
            assertEquals(List.of("*"), write.getModels());
            assertTrue(write.isChanges());
            assertEquals("redis", write.getSink());
            ReadAuditConfiguration read = blog.context().getBean(ReadAuditConfiguration.class);
            assertEquals(List.of("Post"), read.getModels());
            assertEquals("log", read.getSink());
            assertEquals("blog.audit", blog.context().getBean(RedisAuditConfiguration.class).getStream());

            String post = create(blog, "Audited");
            assertEquals(200, send(blog, "PATCH", "/api/posts/" + post, "{\"title\":\"Audited again\"}").statusCode());
            List<StreamMessage<String, String>> mine = new java.util.ArrayList<>();
            boolean found = await(() -> {
                mine.clear();
                redis.sync().xrevrange("blog.audit", Range.create("-", "+"), Limit.from(200)).stream()
                    .filter(m -> m.getBody().getOrDefault("record", "").contains(post)).forEach(mine::add);
                return mine.size() >= 2;
            }, Duration.ofSeconds(20));
            try {
                assertTrue(found, "the post's create and update in blog.audit: " + mine);
                String records = mine.stream().map(m -> m.getBody().get("record")).toList().toString();
                assertTrue(records.contains("\"operation\":\"update\"")
                    && records.contains("\"changes\":{\"title\":{\"from\":\"Audited\",\"to\":\"Audited again\"}}"), records);
                assertFalse(records.contains("\"kind\":\"read\""), "reads go to the log sink: " + records);
            } finally {
                mine.forEach(m -> redis.sync().xdel("blog.audit", m.getId()));
            }
        }
    }

    @Test
    void thePostSummariesCache() {
        try (BlogServer blog = blog("readme-cache", Map.of())) {
            DefaultCacheConfiguration cache = blog.context().getBean(DefaultCacheConfiguration.class,
                Qualifiers.byName(PostSummary.CACHE));
            assertEquals(Optional.of(Duration.ofMinutes(10)), cache.getExpireAfterWrite());
            assertEquals(OptionalLong.of(10_000), cache.getMaximumSize());
        }
    }

    @Test
    void aWriteOnOneReplicaDropsTheKeyOnTheOther() throws Exception {
        try (BlogServer first = blog("readme-cache-broadcast", Map.of());
             BlogServer second = blog("readme-cache-broadcast", Map.of())) {
            assertEquals(CacheInvalidationConfiguration.Broadcast.REDIS,
                first.context().getBean(CacheInvalidationConfiguration.class).getBroadcast());
            String post = create(first, "Broadcast");
            SyncCache<?> cache = second.context().getBean(CacheManager.class).getCache(PostSummary.CACHE);
            boolean dropped = false;
            for (int attempt = 0; attempt < 5 && !dropped; attempt++) {
                cache.put(post, Map.of("id", post, "title", "stale"));
                assertEquals(200, send(first, "PATCH", "/api/posts/" + post,
                    "{\"title\":\"Broadcast " + attempt + "\"}").statusCode());
                dropped = await(() -> cache.get(post, Map.class).isEmpty(), Duration.ofSeconds(3));
            }
            assertTrue(dropped, "the second replica dropped the post's summary");
        }
    }
}
