package io.fx.micronaut.test.aws;

import io.fx.micronaut.aws.FxApiGatewayV1Function;
import io.fx.micronaut.aws.FxApiGatewayV2Function;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The local gateway in front of both functions, over real HTTP: the API answers through it, the request id of the
 * gateway is echoed as {@code x-amzn-RequestId} (and is the answer's {@code X-Request-Id} when the client sent
 * none), repeated and comma-separated filters keep their meaning, and a body over 6 MB is 413.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LocalApiGatewayTest {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private FxApiGatewayV1Function v1Function;
    private FxApiGatewayV2Function v2Function;
    private LocalApiGateway v1;
    private LocalApiGateway v2;

    @BeforeAll
    void start() throws IOException {
        v1Function = new FxApiGatewayV1Function(ApplicationContext.builder(Environment.FUNCTION).start());
        v2Function = new FxApiGatewayV2Function(ApplicationContext.builder(Environment.FUNCTION).start());
        v1 = LocalApiGateway.v1(0, v1Function);
        v2 = LocalApiGateway.v2(0, v2Function);
    }

    @AfterAll
    void stop() {
        v1.close();
        v2.close();
        v1Function.getApplicationContext().close();
        v2Function.getApplicationContext().close();
    }

    private LocalApiGateway gateway(Payload payload) {
        return payload == Payload.V1 ? v1 : v2;
    }

    private HttpResponse<String> send(Payload payload, String method, String target, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gateway(payload).getPort()
                + target)).timeout(Duration.ofSeconds(30))
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void theApiAnswersThroughTheGateway(Payload payload) throws Exception {
        String prefix = payload + "-" + UUID.randomUUID().toString().substring(0, 6);
        HttpResponse<String> created = send(payload, "POST", "/api/memos", "{\"name\":\"" + prefix + "-a\",\"stars\":1}");
        assertEquals(201, created.statusCode(), created.body());
        String gatewayId = created.headers().firstValue("x-amzn-RequestId").orElse(null);
        assertNotNull(gatewayId);
        assertEquals(gatewayId, created.headers().firstValue("X-Request-Id").orElse(null));
        assertTrue(created.headers().firstValue("Location").orElse("").startsWith("/api/memos/"), created.headers().toString());
        send(payload, "POST", "/api/memos", "{\"name\":\"" + prefix + "-b\",\"stars\":2}");
        send(payload, "POST", "/api/memos", "{\"name\":\"" + prefix + "-c\",\"stars\":3}");

        HttpResponse<String> list = send(payload, "GET", "/api/memos?sort=name&filter=name:in:" + prefix + "-a,"
            + prefix + "-b," + prefix + "-c&filter=stars:gte:2", null);
        assertEquals(200, list.statusCode(), list.body());
        assertTrue(list.body().contains(prefix + "-b") && list.body().contains(prefix + "-c")
            && !list.body().contains(prefix + "-a"), list.body());
        HttpResponse<String> head = send(payload, "HEAD", "/api/memos", null);
        assertEquals(200, head.statusCode());
        assertEquals("", head.body());
        HttpResponse<String> error = send(payload, "PUT", "/api/memos/x", "{}");
        assertEquals(405, error.statusCode(), error.body());
        assertTrue(error.body().contains("\"METHOD_NOT_ALLOWED\""), error.body());
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void aBodyOverSixMegabytesIs413(Payload payload) throws Exception {
        HttpResponse<String> answer = send(payload, "POST", "/api/memos",
            "{\"name\":\"" + "x".repeat(LocalApiGateway.MAX_BODY) + "\"}");
        assertEquals(413, answer.statusCode());
        assertEquals("{\"message\":\"Request Entity Too Large\"}", answer.body());
        assertTrue(answer.headers().firstValue("x-amzn-RequestId").isPresent());
    }
}
