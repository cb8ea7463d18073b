package io.fx.micronaut.examples.lambda;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import io.fx.micronaut.aws.FxApiGatewayV1Function;
import io.fx.micronaut.aws.FxApiGatewayV2Function;
import io.fx.micronaut.aws.MigrationFunction;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.function.aws.proxy.MockLambdaContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

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
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34: the blog behind API Gateway answers as the blog behind Netty. Each fixture of
 * {@code src/test/resources/lambda/{v1,v2}} (real API Gateway events: 1.0 with its {@code multiValue*} maps and
 * {@code identity.sourceIp}, 2.0 with {@code rawQueryString} and {@code requestContext.http}) runs, in order, on three
 * blogs with databases of their own: {@link FxApiGatewayV1Function}, {@link FxApiGatewayV2Function} (each started
 * as in production, environment {@code lambda}: no migration on start, {@link MigrationFunction} first) and the
 * Netty server (the 2.0 event's request sent over HTTP). Status, body (ids, times and cursors masked), {@code X-Request-Id},
 * {@code Location}, {@code Content-Type} and {@code Allow} must be equal. A body flagged base64 that is not (which
 * no HTTP client can send) is compared between the two payloads only.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LambdaFixturesTest {

    private static final Path FIXTURES = Path.of("src", "test", "resources", "lambda");
    private static final List<String> COMPARED = List.of("X-Request-Id", "Location", "Content-Type", "Allow");
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z");
    private static final Pattern CURSOR = Pattern.compile("\"(next_cursor|prev_cursor)\":\"[^\"]*\"");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(\\w+)}}");
    /** The fixtures whose created record later fixtures name, and the placeholder each fills. */
    private static final Map<String, String> CAPTURES = Map.of("01-create-author", "author", "02-create-post", "post",
        "03-create-post-non-ascii", "draft");
    private static final Map<String, Integer> EXPECTED = Map.ofEntries(Map.entry("01", 201), Map.entry("02", 201),
        Map.entry("03", 201), Map.entry("04", 201), Map.entry("05", 200), Map.entry("06", 200), Map.entry("07", 200),
        Map.entry("08", 200), Map.entry("09", 200), Map.entry("10", 200), Map.entry("11", 200), Map.entry("12", 200),
        Map.entry("13", 200), Map.entry("14", 204), Map.entry("15", 405), Map.entry("16", 400), Map.entry("17", 400),
        Map.entry("18", 404), Map.entry("19", 404), Map.entry("20", 409), Map.entry("21", 413), Map.entry("22", 422),
        Map.entry("23", 201), Map.entry("24", 400), Map.entry("25", 204), Map.entry("26", 200), Map.entry("27", 200));

    private EmbeddedServer netty;
    private FxApiGatewayV1Function v1;
    private FxApiGatewayV2Function v2;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<String, Map<String, String>> ids = new HashMap<>();

    private static Map<String, Object> blog(String database) {
        Map<String, Object> properties = new HashMap<>();
        properties.put("datasources.default.url", "jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1");
        properties.put("blog.limits.comment-max-body", 200);
        return properties;
    }

    /** A blog as the Lambda runtime starts it: environment lambda (application-lambda.yml), migrated explicitly. */
    private static ApplicationContext lambda(String database) {
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

    @BeforeAll
    void start() {
        netty = ApplicationContext.run(EmbeddedServer.class, blog("fixtures-netty"), Environment.TEST);
        v1 = new FxApiGatewayV1Function(lambda("fixtures-v1"));
        v2 = new FxApiGatewayV2Function(lambda("fixtures-v2"));
    }

    @AfterAll
    void stop() {
        netty.getApplicationContext().close();
        v1.getApplicationContext().close();
        v1.close();
        v2.getApplicationContext().close();
        v2.close();
    }

    @Test
    void everyFixtureAnswersAlikeOnBothPayloadsAndNetty() throws IOException {
        List<String> names;
        try (Stream<Path> files = Files.list(FIXTURES.resolve("v2"))) {
            names = files.map(f -> f.getFileName().toString().replace(".json", "")).sorted().toList();
        }
        assertEquals(EXPECTED.size(), names.size(), names.toString());
        List<String> differences = new ArrayList<>();
        for (String name : names) {
            Reply one = v1(name);
            Reply two = v2(name);
            int expected = EXPECTED.get(name.substring(0, 2));
            if (one.status != expected) {
                differences.add(name + ": v1 answered " + one + ", expected status " + expected);
            }
            compare(name, "v1", one, "v2", two, differences);
            if (!name.equals("24-bad-base64-body")) {
                compare(name, "v2", two, "netty", netty(name), differences);
            } else {
                assertTrue(one.body.contains("\"BODY_READ_ERROR\""), one.toString());
            }
        }
        assertEquals(List.of(), differences, String.join("\n", differences));
    }

    private static void compare(String name, String left, Reply a, String right, Reply b, List<String> differences) {
        if (a.status != b.status || !a.body.equals(b.body) || !a.headers.equals(b.headers)) {
            differences.add(name + ":\n  " + left + ": " + a + "\n  " + right + ": " + b);
        }
    }

    private Reply v1(String name) {
        APIGatewayProxyRequestEvent event = LambdaEventSerializers.serializerFor(APIGatewayProxyRequestEvent.class,
            getClass().getClassLoader()).fromJson(fixture("v1", name, "v1"));
        APIGatewayProxyResponseEvent response = v1.handleRequest(event, new MockLambdaContext());
        Map<String, String> headers = new HashMap<>();
        if (response.getHeaders() != null) {
            headers.putAll(response.getHeaders());
        }
        if (response.getMultiValueHeaders() != null) {
            response.getMultiValueHeaders().forEach((header, values) -> headers.put(header, String.join(", ", values)));
        }
        return capture("v1", name, reply(response.getStatusCode(), headers, response.getBody(),
            Boolean.TRUE.equals(response.getIsBase64Encoded())));
    }

    private Reply v2(String name) {
        APIGatewayV2HTTPEvent event = LambdaEventSerializers.serializerFor(APIGatewayV2HTTPEvent.class,
            getClass().getClassLoader()).fromJson(fixture("v2", name, "v2"));
        APIGatewayV2HTTPResponse response = v2.handleRequest(event, new MockLambdaContext());
        Map<String, String> headers = new HashMap<>();
        if (response.getHeaders() != null) {
            headers.putAll(response.getHeaders());
        }
        if (response.getMultiValueHeaders() != null) {
            response.getMultiValueHeaders().forEach((header, values) -> headers.put(header, String.join(", ", values)));
        }
        return capture("v2", name, reply(response.getStatusCode(), headers, response.getBody(),
            response.getIsBase64Encoded()));
    }

    /** The 2.0 fixture's request, sent to the Netty server as a client would send it. */
    private Reply netty(String name) {
        APIGatewayV2HTTPEvent event = LambdaEventSerializers.serializerFor(APIGatewayV2HTTPEvent.class,
            getClass().getClassLoader()).fromJson(fixture("v2", name, "netty"));
        String query = event.getRawQueryString() == null || event.getRawQueryString().isEmpty() ? ""
            : "?" + event.getRawQueryString();
        byte[] body = event.getBody() == null ? new byte[0] : event.getIsBase64Encoded()
            ? Base64.getDecoder().decode(event.getBody()) : event.getBody().getBytes(StandardCharsets.UTF_8);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(netty.getURL() + event.getRawPath() + query))
            .timeout(Duration.ofSeconds(30))
            .method(event.getRequestContext().getHttp().getMethod(), body.length == 0
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        event.getHeaders().forEach((header, value) -> {
            if (List.of("accept", "content-type", "x-request-id").contains(header)) {
                request.header(header, value);
            }
        });
        try {
            HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            Map<String, String> headers = new HashMap<>();
            response.headers().map().forEach((header, values) -> headers.put(header, String.join(", ", values)));
            return capture("netty", name, reply(response.statusCode(), headers,
                new String(response.body(), StandardCharsets.UTF_8), false));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The fixture's text, its placeholders filled with the ids this blog created. */
    private String fixture(String payload, String name, String blog) {
        try {
            String text = Files.readString(FIXTURES.resolve(payload).resolve(name + ".json"));
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

    private Reply capture(String blog, String name, Reply reply) {
        String placeholder = CAPTURES.get(name);
        if (placeholder != null) {
            Matcher id = Pattern.compile("\"id\":\"([^\"]+)\"").matcher(reply.raw);
            if (id.find()) {
                ids.computeIfAbsent(blog, b -> new HashMap<>()).put(placeholder, id.group(1));
            }
        }
        return reply;
    }

    private static Reply reply(int status, Map<String, String> headers, String body, boolean base64) {
        String text = body == null ? "" : base64 ? new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8)
            : body;
        Map<String, String> compared = new TreeMap<>();
        headers.forEach((header, value) -> {
            for (String name : COMPARED) {
                if (name.equalsIgnoreCase(header)) {
                    compared.put(name, mask(value));
                }
            }
        });
        return new Reply(status, compared, mask(text), text);
    }

    /** Ids, times and list cursors (which encode ids) masked. */
    private static String mask(String text) {
        String masked = TIME.matcher(UUID.matcher(text).replaceAll("<id>")).replaceAll("<time>");
        return CURSOR.matcher(masked).replaceAll("\"$1\":\"<cursor>\"");
    }

    /** An answer: status, the compared headers, the body with ids and times masked, and as it came. */
    private record Reply(int status, Map<String, String> headers, String body, String raw) {
        @Override
        public String toString() {
            return status + " " + headers + " " + (body.length() > 400 ? body.substring(0, 400) + "..." : body);
        }
    }
}
