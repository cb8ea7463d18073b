package io.fx.micronaut.examples.lambda;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import io.fx.micronaut.aws.MigrationFunction;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.function.aws.proxy.MockLambdaContext;
import io.micronaut.runtime.server.EmbeddedServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog's API Gateway fixtures ({@code src/test/resources/lambda/{v1,v2}}, run in file order) and what the tests
 * that run them share: the blogs they run on, each fixture's text with its placeholders filled with the ids the same
 * blog created earlier, the status each must answer, the fixture's request sent over HTTP, and the comparison of two
 * answers. One instance per test class: it remembers the ids per blog.
 */
final class LambdaFixtures {

    /** A body flagged base64 that is not: no HTTP client can send it, so it is compared between the payloads only. */
    static final String BAD_BASE64 = "24-bad-base64-body";

    private static final Path DIRECTORY = Path.of("src", "test", "resources", "lambda");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(\\w+)}}");
    private static final Pattern ID = Pattern.compile("\"id\":\"([^\"]+)\"");
    /** The fixtures whose created record later fixtures name, and the placeholder each fills. */
    private static final Map<String, String> CAPTURES = Map.of("01-create-author", "author", "02-create-post", "post",
        "03-create-post-non-ascii", "draft");
    private static final Map<String, Integer> EXPECTED = Map.ofEntries(Map.entry("01", 201), Map.entry("02", 201),
        Map.entry("03", 201), Map.entry("04", 201), Map.entry("05", 200), Map.entry("06", 200), Map.entry("07", 200),
        Map.entry("08", 200), Map.entry("09", 200), Map.entry("10", 200), Map.entry("11", 200), Map.entry("12", 200),
        Map.entry("13", 200), Map.entry("14", 204), Map.entry("15", 405), Map.entry("16", 400), Map.entry("17", 400),
        Map.entry("18", 404), Map.entry("19", 404), Map.entry("20", 409), Map.entry("21", 413), Map.entry("22", 422),
        Map.entry("23", 201), Map.entry("24", 400), Map.entry("25", 204), Map.entry("26", 200), Map.entry("27", 200));
    /** The request headers of a 2.0 fixture that a client sends (API Gateway adds the others). */
    private static final List<String> SENT_HEADERS = List.of("accept", "content-type", "x-request-id");

    private final Map<String, Map<String, String>> ids = new HashMap<>();

    /** @return the blog's configuration on an in-memory H2 database of that name */
    static Map<String, Object> blog(String database) {
        Map<String, Object> properties = new HashMap<>();
        properties.put("datasources.default.url", "jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1");
        properties.put("blog.limits.comment-max-body", 200);
        return properties;
    }

    /** @return the blog on Netty, on a free port */
    static EmbeddedServer netty(String database) {
        return ApplicationContext.run(EmbeddedServer.class, blog(database), Environment.TEST);
    }

    /**
     * @return a blog as the Lambda runtime starts it: environment lambda (application-lambda.yml), migrated
     *         explicitly by {@link MigrationFunction} first
     */
    static ApplicationContext lambda(String database) {
        Map<String, Object> migration = new HashMap<>(blog(database));
        migration.put("fx.verify-schema", false);
        try (MigrationFunction migrate = new MigrationFunction(ApplicationContext.builder(Environment.FUNCTION,
                "lambda").properties(migration).start())) {
            Map<String, Object> report = migrate.handleRequest(Map.of(), new MockLambdaContext());
            assertTrue(((List<?>) report.get("tablesCreated")).contains("posts"), report.toString());
            migrate.getApplicationContext().close();
        }
        return ApplicationContext.builder(Environment.FUNCTION, "lambda").properties(blog(database)).start();
    }

    /** @return the fixtures' names, in the order they run, checked against the expected statuses */
    static List<String> names() {
        try (Stream<Path> files = Files.list(DIRECTORY.resolve("v2"))) {
            List<String> names = files.map(f -> f.getFileName().toString().replace(".json", "")).sorted().toList();
            assertTrue(names.size() == EXPECTED.size(), "fixtures " + names + ", statuses " + EXPECTED.keySet());
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the status the fixture must answer */
    static int expected(String name) {
        return EXPECTED.get(name.substring(0, 2));
    }

    /** Adds a difference when the two answers are not alike. */
    static void compare(String name, String left, FixtureReply a, String right, FixtureReply b,
                        List<String> differences) {
        if (!a.sameAs(b)) {
            differences.add(name + ":\n  " + left + ": " + a + "\n  " + right + ": " + b);
        }
    }

    /**
     * @param payload {@code v1} or {@code v2}
     * @param name    the fixture
     * @param blog    the blog it runs on, whose ids fill the placeholders
     * @return the fixture's event text
     */
    String text(String payload, String name, String blog) {
        try {
            String text = Files.readString(DIRECTORY.resolve(payload).resolve(name + ".json"));
            Matcher placeholder = PLACEHOLDER.matcher(text);
            StringBuilder filled = new StringBuilder();
            while (placeholder.find()) {
                String id = ids.getOrDefault(blog, Map.of()).get(placeholder.group(1));
                placeholder.appendReplacement(filled, Matcher.quoteReplacement(id == null ? "missing" : id));
            }
            placeholder.appendTail(filled);
            return filled.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Remembers the id a creating fixture's answer carries, for the later fixtures of the same blog. */
    FixtureReply capture(String blog, String name, FixtureReply reply) {
        String placeholder = CAPTURES.get(name);
        if (placeholder != null) {
            Matcher id = ID.matcher(reply.raw());
            if (id.find()) {
                ids.computeIfAbsent(blog, b -> new HashMap<>()).put(placeholder, id.group(1));
            }
        }
        return reply;
    }

    /**
     * The 2.0 fixture's request sent over HTTP as a client would send it: its method, raw path and query, the
     * headers a client sets, its body (decoded when flagged base64).
     *
     * @param http    the client
     * @param baseUrl where the blog listens (Netty, or a gateway in front of a function)
     * @param name    the fixture
     * @param blog    the blog, for its ids
     * @return the answer
     */
    FixtureReply send(HttpClient http, String baseUrl, String name, String blog) {
        APIGatewayV2HTTPEvent event = LambdaEventSerializers.serializerFor(APIGatewayV2HTTPEvent.class,
            getClass().getClassLoader()).fromJson(text("v2", name, blog));
        String query = event.getRawQueryString() == null || event.getRawQueryString().isEmpty() ? ""
            : "?" + event.getRawQueryString();
        byte[] body = event.getBody() == null ? new byte[0] : event.getIsBase64Encoded()
            ? Base64.getDecoder().decode(event.getBody()) : event.getBody().getBytes(StandardCharsets.UTF_8);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + event.getRawPath() + query))
            .timeout(Duration.ofSeconds(30))
            .method(event.getRequestContext().getHttp().getMethod(), body.length == 0
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        event.getHeaders().forEach((header, value) -> {
            if (SENT_HEADERS.contains(header)) {
                request.header(header, value);
            }
        });
        try {
            HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            Map<String, String> headers = new HashMap<>();
            response.headers().map().forEach((header, values) -> headers.put(header, String.join(", ", values)));
            return capture(blog, name, FixtureReply.of(response.statusCode(), headers,
                new String(response.body(), StandardCharsets.UTF_8), false));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
