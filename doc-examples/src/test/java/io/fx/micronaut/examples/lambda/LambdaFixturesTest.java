package io.fx.micronaut.examples.lambda;

import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import io.fx.micronaut.aws.FxApiGatewayV1Function;
import io.fx.micronaut.aws.FxApiGatewayV2Function;
import io.fx.micronaut.aws.MigrationFunction;
import io.micronaut.function.aws.proxy.MockLambdaContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34: the blog behind API Gateway answers as the blog behind Netty. Each fixture of
 * {@code src/test/resources/lambda/{v1,v2}} (real API Gateway events: 1.0 with its {@code multiValue*} maps and
 * {@code identity.sourceIp}, 2.0 with {@code rawQueryString} and {@code requestContext.http}) runs, in order, on three
 * blogs with databases of their own: {@link FxApiGatewayV1Function}, {@link FxApiGatewayV2Function} (each started
 * as in production, environment {@code lambda}: no migration on start, {@link MigrationFunction} first) and the
 * Netty server (the 2.0 event's request sent over HTTP). Status, body (ids, times and cursors masked), {@code X-Request-Id},
 * {@code Location}, {@code Content-Type} and {@code Allow} must be equal ({@link LambdaFixtures}). A body flagged
 * base64 that is not (which no HTTP client can send) is compared between the two payloads only.
 * {@link LocalApiGatewayFixturesTest} sends the same fixtures as HTTP requests through the local gateway.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LambdaFixturesTest {

    private EmbeddedServer netty;
    private FxApiGatewayV1Function v1;
    private FxApiGatewayV2Function v2;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final LambdaFixtures fixtures = new LambdaFixtures();

    @BeforeAll
    void start() {
        netty = LambdaFixtures.netty("fixtures-netty");
        v1 = new FxApiGatewayV1Function(LambdaFixtures.lambda("fixtures-v1"));
        v2 = new FxApiGatewayV2Function(LambdaFixtures.lambda("fixtures-v2"));
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
    void everyFixtureAnswersAlikeOnBothPayloadsAndNetty() {
        List<String> differences = new ArrayList<>();
        for (String name : LambdaFixtures.names()) {
            FixtureReply one = v1(name);
            FixtureReply two = v2(name);
            int expected = LambdaFixtures.expected(name);
            if (one.status() != expected) {
                differences.add(name + ": v1 answered " + one + ", expected status " + expected);
            }
            LambdaFixtures.compare(name, "v1", one, "v2", two, differences);
            if (!name.equals(LambdaFixtures.BAD_BASE64)) {
                LambdaFixtures.compare(name, "v2", two, "netty",
                    fixtures.send(http, netty.getURL().toString(), name, "netty"), differences);
            } else {
                assertTrue(one.body().contains("\"BODY_READ_ERROR\""), one.toString());
            }
        }
        assertEquals(List.of(), differences, String.join("\n", differences));
    }

    private FixtureReply v1(String name) {
        APIGatewayProxyRequestEvent event = LambdaEventSerializers.serializerFor(APIGatewayProxyRequestEvent.class,
            getClass().getClassLoader()).fromJson(fixtures.text("v1", name, "v1"));
        APIGatewayProxyResponseEvent response = v1.handleRequest(event, new MockLambdaContext());
        Map<String, String> headers = new HashMap<>();
        if (response.getHeaders() != null) {
            headers.putAll(response.getHeaders());
        }
        if (response.getMultiValueHeaders() != null) {
            response.getMultiValueHeaders().forEach((header, values) -> headers.put(header, String.join(", ", values)));
        }
        return fixtures.capture("v1", name, FixtureReply.of(response.getStatusCode(), headers, response.getBody(),
            Boolean.TRUE.equals(response.getIsBase64Encoded())));
    }

    private FixtureReply v2(String name) {
        APIGatewayV2HTTPEvent event = LambdaEventSerializers.serializerFor(APIGatewayV2HTTPEvent.class,
            getClass().getClassLoader()).fromJson(fixtures.text("v2", name, "v2"));
        APIGatewayV2HTTPResponse response = v2.handleRequest(event, new MockLambdaContext());
        Map<String, String> headers = new HashMap<>();
        if (response.getHeaders() != null) {
            headers.putAll(response.getHeaders());
        }
        if (response.getMultiValueHeaders() != null) {
            response.getMultiValueHeaders().forEach((header, values) -> headers.put(header, String.join(", ", values)));
        }
        return fixtures.capture("v2", name, FixtureReply.of(response.getStatusCode(), headers, response.getBody(),
            response.getIsBase64Encoded()));
    }
}
