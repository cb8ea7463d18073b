package io.fx.micronaut.aws;

import io.micronaut.core.type.Argument;
import io.micronaut.function.aws.proxy.MockLambdaContext;
import io.micronaut.json.JsonMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34, fixes 1-4: both handlers, built as the Lambda runtime builds them (no-argument constructors, the
 * application's configuration, Netty on the classpath as in an application that also runs as a server), invoked in
 * process with real API Gateway event JSON, on H2 and (the postgres execution) PostgreSQL.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiGatewayFunctionTest {

    private static final String V1_REQUEST_ID = "c6af9ac6-7b61-11e6-9a41-93e8deadbeef";
    private static final String V2_REQUEST_ID = "JKJaXmPLvHcESHA=";
    private static final Map<String, String> JSON = Map.of("Content-Type", "application/json");

    private FxApiGatewayV1Function v1;
    private FxApiGatewayV2Function v2;
    private JsonMapper json;

    @BeforeAll
    void start() {
        TestDatabases.empty("lambda").forEach((name, value) -> System.setProperty(name, value.toString()));
        v1 = new FxApiGatewayV1Function();
        v2 = new FxApiGatewayV2Function();
        json = v2.getApplicationContext().getBean(JsonMapper.class);
    }

    @AfterAll
    void stop() {
        v1.close();
        v2.close();
        TestDatabases.empty("lambda").keySet().forEach(System::clearProperty);
    }

    private Answer call(Payload payload, String method, String path, String query, Map<String, String> headers,
                        String body) {
        return payload == Payload.V1
            ? Answer.of(v1.handleRequest(Events.v1(method, path, query, headers, body), new MockLambdaContext()))
            : Answer.of(v2.handleRequest(Events.v2(method, path, query, headers, body), new MockLambdaContext()));
    }

    private Answer get(Payload payload, String path, String query) {
        return call(payload, "GET", path, query, Map.of(), null);
    }

    private Answer post(Payload payload, Map<String, Object> body) {
        return call(payload, "POST", "/api/notes", null, JSON, write(body));
    }

    private static String gatewayId(Payload payload) {
        return payload == Payload.V1 ? V1_REQUEST_ID : V2_REQUEST_ID;
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void theApiIsServedWithTheGatewaysRequestIdAndTheClientsAddress(Payload payload) {
        String name = unique("crud");
        Answer created = post(payload, Map.of("name", name, "stars", 3));
        assertEquals(201, created.status(), created.toString());
        String id = (String) data(created).get("id");
        assertEquals("/api/notes/" + id, created.header("Location"));
        assertEquals("application/json", created.header("Content-Type"));
        assertEquals(gatewayId(payload), created.header("X-Request-Id"), "without a client id, API Gateway's");
        assertEquals(payload == Payload.V1 ? "203.0.113.7" : "198.51.100.23", created.header("X-Client-Address"),
            "the event's sourceIp");

        Answer read = get(payload, "/api/notes/" + id, null);
        assertEquals(200, read.status(), read.toString());
        assertEquals(name, data(read).get("name"));
        Answer updated = call(payload, "PATCH", "/api/notes/" + id, null, JSON, write(Map.of("stars", 5)));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals(5, ((Number) data(updated).get("stars")).intValue());
        Answer head = call(payload, "HEAD", "/api/notes/" + id, null, Map.of(), null);
        assertEquals(200, head.status());
        assertEquals("", head.body());
        assertEquals(204, call(payload, "DELETE", "/api/notes/" + id, null, Map.of(), null).status());
        assertError(get(payload, "/api/notes/" + id, null), 404, "NOT_FOUND");
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void routesRunOnTheInvocationThreadWithoutAHandOff(Payload payload) {
        String invoking = Thread.currentThread().getName();
        Answer created = post(payload, Map.of("name", unique("thread"), "stars", 1));
        assertEquals(201, created.status(), created.toString());
        assertEquals(invoking, created.header("X-Served-On"), "a write's pipeline ran on the invoking thread");
        Answer listed = get(payload, "/api/notes", null);
        assertEquals(200, listed.status(), listed.toString());
        assertEquals(invoking, listed.header("X-Served-On"), "a read's pipeline ran on the invoking thread");
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void aClientsRequestIdIsEchoed(Payload payload) {
        Answer answer = call(payload, "GET", "/api/notes", null, Map.of("X-Request-Id", "trace-42"), null);
        assertEquals(200, answer.status(), answer.toString());
        assertEquals("trace-42", answer.header("X-Request-Id"));
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void repeatedAndCommaSeparatedFiltersKeepTheirMeaning(Payload payload) {
        String prefix = unique("f");
        post(payload, Map.of("name", prefix + "-a", "stars", 1));
        post(payload, Map.of("name", prefix + "-b", "stars", 2));
        post(payload, Map.of("name", prefix + "-c", "stars", 3));
        Answer in = get(payload, "/api/notes", "sort=name&filter=name:in:" + prefix + "-a," + prefix + "-b");
        assertEquals(List.of(prefix + "-a", prefix + "-b"), names(in), in.toString());
        Answer repeated = get(payload, "/api/notes", "sort=name:desc&filter=name:in:" + prefix + "-a," + prefix + "-b,"
            + prefix + "-c&filter=stars:gte:2");
        assertEquals(List.of(prefix + "-c", prefix + "-b"), names(repeated), repeated.toString());
        Answer encoded = get(payload, "/api/notes", "filter=name%3Ain%3A" + prefix + "-a%2C" + prefix + "-c&sort=name");
        assertEquals(List.of(prefix + "-a", prefix + "-c"), names(encoded), encoded.toString());
        Answer paged = get(payload, "/api/notes", "filter=name:in:" + prefix + "-a," + prefix + "-b," + prefix
            + "-c&sort=stars&page=2&limit=2");
        assertEquals(List.of(prefix + "-c"), names(paged), paged.toString());
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void nonAsciiAndBase64BodiesAreRead(Payload payload) {
        String name = unique("Grüße ✓");
        Answer created = post(payload, Map.of("name", name));
        assertEquals(201, created.status(), created.toString());
        assertEquals(name, data(created).get("name"));
        String other = unique("base64 ✓");
        String encoded = Base64.getEncoder().encodeToString(write(Map.of("name", other)).getBytes(StandardCharsets.UTF_8));
        Answer fromBase64 = payload == Payload.V1
            ? Answer.of(v1.handleRequest(base64(Events.v1("POST", "/api/notes", null, JSON, encoded)), new MockLambdaContext()))
            : Answer.of(v2.handleRequest(base64(Events.v2("POST", "/api/notes", null, JSON, encoded)), new MockLambdaContext()));
        assertEquals(201, fromBase64.status(), fromBase64.toString());
        assertEquals(other, data(fromBase64).get("name"));
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void anInvalidBase64BodyIs400BodyReadError(Payload payload) {
        Answer answer = payload == Payload.V1
            ? Answer.of(v1.handleRequest(base64(Events.v1("POST", "/api/notes", null, JSON, "not*base64!")), new MockLambdaContext()))
            : Answer.of(v2.handleRequest(base64(Events.v2("POST", "/api/notes", null, JSON, "not*base64!")), new MockLambdaContext()));
        assertError(answer, 400, "BODY_READ_ERROR");
        assertEquals(gatewayId(payload), answer.header("X-Request-Id"));
        assertFalse(answer.body().contains("Exception"), answer.body());
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void anEventWithoutAMethodIs400MalformedRequest(Payload payload) {
        Answer answer;
        if (payload == Payload.V1) {
            var event = Events.v1("GET", "/api/notes", null, Map.of(), null);
            event.setHttpMethod(null);
            answer = Answer.of(v1.handleRequest(event, new MockLambdaContext()));
        } else {
            var event = Events.v2("GET", "/api/notes", null, Map.of(), null);
            event.getRequestContext().setHttp(null);
            answer = Answer.of(v2.handleRequest(event, new MockLambdaContext()));
        }
        assertError(answer, 400, "MALFORMED_REQUEST");
        assertEquals(gatewayId(payload), answer.header("X-Request-Id"));
        assertEquals("application/json", answer.header("Content-Type"));
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void unknownRoutesAndMethodsAnswerTheEnvelopes(Payload payload) {
        Answer unknownCollection = get(payload, "/api/nothing", null);
        assertError(unknownCollection, 404, "NOT_FOUND");
        assertEquals(gatewayId(payload), unknownCollection.header("X-Request-Id"));
        assertError(get(payload, "/api/notes/x/y/z", null), 404, "NOT_FOUND");
        assertError(call(payload, "DELETE", "/api/notes", null, Map.of(), null), 405, "METHOD_NOT_ALLOWED");
        Answer put = call(payload, "PUT", "/api/notes/x", null, JSON, "{}");
        assertError(put, 405, "METHOD_NOT_ALLOWED");
        assertNotNull(put.header("Allow"), put.toString());
        Answer malformedQuery = get(payload, "/api/notes", "filter=name:nope:x");
        assertError(malformedQuery, 400, "INVALID_QUERY");
        Answer invalid = call(payload, "POST", "/api/notes", null, JSON, write(Map.of("stars", -1)));
        assertError(invalid, 422, "VALIDATION_ERROR");
        Answer badJson = call(payload, "POST", "/api/notes", null, JSON, "{\"name\":");
        assertEquals(400, badJson.status(), badJson.toString());
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void theFunctionIsReadyThoughNettyIsOnTheClasspath(Payload payload) {
        Answer ready = get(payload, "/api/ready", null);
        assertEquals(200, ready.status(), ready.toString());
        assertEquals("ok", read(ready).get("status"));
        assertEquals(200, get(payload, "/api/live", null).status());
    }

    private static <T> T base64(T event) {
        if (event instanceof com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent e) {
            e.setIsBase64Encoded(true);
        } else if (event instanceof com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent e) {
            e.setIsBase64Encoded(true);
        }
        return event;
    }

    private void assertError(Answer answer, int status, String code) {
        assertEquals(status, answer.status(), answer.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> error = (Map<String, Object>) read(answer).get("error");
        assertNotNull(error, answer.toString());
        assertEquals(code, error.get("code"), answer.toString());
        assertNotNull(answer.header("X-Request-Id"), answer.toString());
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> data(Answer answer) {
        return (Map<String, Object>) read(answer).get("data");
    }

    @SuppressWarnings("unchecked")
    private List<Object> names(Answer answer) {
        assertEquals(200, answer.status(), answer.toString());
        List<Map<String, Object>> rows = (List<Map<String, Object>>) read(answer).get("data");
        return rows.stream().map(row -> row.get("name")).toList();
    }

    private Map<String, Object> read(Answer answer) {
        try {
            return json.readValue(answer.body(), Argument.mapOf(String.class, Object.class));
        } catch (IOException e) {
            throw new UncheckedIOException(answer.toString(), e);
        }
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
