package io.fx.micronaut.test.aws;

import io.fx.micronaut.test.FxClient;
import io.fx.micronaut.test.FxReply;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * {@link LambdaClient}: the test client's calls go through the API Gateway function in process, on both payloads:
 * a create answers 201 with its envelope and X-Request-Id, a comma-separated {@code in} filter reaches the query
 * whole, and a refusal is the landed error envelope.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LambdaClientTest {

    private ApplicationContext context;

    @BeforeAll
    void start() {
        context = ApplicationContext.builder(Environment.FUNCTION).start();
    }

    @AfterAll
    void stop() {
        context.close();
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void theClientTalksThroughTheFunction(Payload payload) {
        FxClient client = LambdaClient.of(context, payload);
        String prefix = "lc-" + payload + "-" + UUID.randomUUID();
        FxReply created = client.post("/api/memos", Map.of("name", prefix + "-a", "stars", 1)).expectCreated();
        assertEquals(prefix + "-a", created.data().get("name"));
        assertNotNull(created.header("X-Request-Id"));
        client.post("/api/memos", Map.of("name", prefix + "-b", "stars", 2)).expectCreated();
        FxReply listed = client.get("/api/memos?filter=name:in:" + prefix + "-a," + prefix + "-b&sort=name");
        assertEquals(200, listed.status(), listed.toString());
        assertEquals(List.of(prefix + "-a", prefix + "-b"), listed.list().stream().map(m -> m.get("name")).toList());
        client.post("/api/memos", Map.of("stars", -1)).expectError(422, "VALIDATION_ERROR");
    }
}
