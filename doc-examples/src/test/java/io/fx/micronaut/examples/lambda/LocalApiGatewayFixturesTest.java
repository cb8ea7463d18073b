package io.fx.micronaut.examples.lambda;

import io.fx.micronaut.aws.FxApiGatewayV1Function;
import io.fx.micronaut.aws.FxApiGatewayV2Function;
import io.fx.micronaut.test.aws.LocalApiGateway;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 34, black-box: the blog's Lambda functions behind {@link LocalApiGateway} (a real socket; the gateway maps
 * each request to the event API Gateway would send) answer the blog's fixtures as the blog behind Netty does. Each
 * fixture of {@code src/test/resources/lambda} except the unsendable bad-base64 body ({@link LambdaFixtures}) is sent
 * as an HTTP request with the JDK client, in order, to three blogs with databases of their own: an
 * {@link FxApiGatewayV1Function} behind a REST API gateway (payload 1.0), an {@link FxApiGatewayV2Function} behind an
 * HTTP API gateway (payload 2.0), both started as the Lambda runtime starts them (environment {@code lambda},
 * migrated first by {@code MigrationFunction}), and Netty. Each answers the expected status, and status, masked
 * body, {@code X-Request-Id}, {@code Location}, {@code Content-Type} and {@code Allow} equal Netty's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LocalApiGatewayFixturesTest {

    private EmbeddedServer netty;
    private FxApiGatewayV1Function v1;
    private FxApiGatewayV2Function v2;
    private LocalApiGateway restApi;
    private LocalApiGateway httpApi;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final LambdaFixtures fixtures = new LambdaFixtures();

    @BeforeAll
    void start() throws IOException {
        netty = LambdaFixtures.netty("gateway-netty");
        v1 = new FxApiGatewayV1Function(LambdaFixtures.lambda("gateway-v1"));
        v2 = new FxApiGatewayV2Function(LambdaFixtures.lambda("gateway-v2"));
        restApi = LocalApiGateway.v1(0, v1);
        httpApi = LocalApiGateway.v2(0, v2);
    }

    @AfterAll
    void stop() {
        restApi.close();
        httpApi.close();
        netty.getApplicationContext().close();
        v1.getApplicationContext().close();
        v1.close();
        v2.getApplicationContext().close();
        v2.close();
    }

    @Test
    void everyFixtureSentThroughTheGatewayAnswersAsNettyOnBothPayloads() {
        List<String> differences = new ArrayList<>();
        int sent = 0;
        for (String name : LambdaFixtures.names()) {
            if (name.equals(LambdaFixtures.BAD_BASE64)) {
                continue;
            }
            FixtureReply one = fixtures.send(http, "http://127.0.0.1:" + restApi.getPort(), name, "v1");
            FixtureReply two = fixtures.send(http, "http://127.0.0.1:" + httpApi.getPort(), name, "v2");
            FixtureReply server = fixtures.send(http, netty.getURL().toString(), name, "netty");
            int expected = LambdaFixtures.expected(name);
            if (server.status() != expected) {
                differences.add(name + ": netty answered " + server + ", expected status " + expected);
            }
            LambdaFixtures.compare(name, "gateway v1", one, "netty", server, differences);
            LambdaFixtures.compare(name, "gateway v2", two, "netty", server, differences);
            sent++;
        }
        assertEquals(List.of(), differences, String.join("\n", differences));
        assertEquals(LambdaFixtures.names().size() - 1, sent);
    }
}
