package io.fx.micronaut.test.aws;

import io.fx.micronaut.aws.FxApiGatewayV1Function;
import io.fx.micronaut.aws.FxApiGatewayV2Function;
import io.fx.micronaut.test.FxClient;
import io.fx.micronaut.test.FxTransport;
import io.micronaut.context.ApplicationContext;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.function.aws.proxy.MockLambdaContext;
import io.micronaut.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * An {@link FxClient} that talks to the application through its API Gateway function, in process and without a
 * socket: each call is mapped to the event API Gateway would send ({@link ApiGatewayMapping}, payload 1.0 or 2.0),
 * handed to an {@code FxApiGatewayV1Function} or {@code FxApiGatewayV2Function} over the given context, and its
 * response read back, so a test asserts on what a Lambda deployment answers with the same client it uses against the
 * embedded server. Calls are serialised, as one Lambda instance serves one event at a time.
 *
 * <pre>{@code
 * ApplicationContext context = ApplicationContext.builder(Environment.FUNCTION).start();
 * FxClient client = LambdaClient.of(context, Payload.V2);
 * client.post("/api/posts", Map.of("title", "t")).expectCreated();
 * }</pre>
 *
 * @since 0.9.0
 */
public final class LambdaClient {

    private LambdaClient() {
    }

    /**
     * @param context the application's context, started in the {@code function} environment; the caller closes it
     * @param payload the API Gateway payload version the function receives
     * @return a client whose calls go through the function
     */
    @NonNull
    public static FxClient of(@NonNull ApplicationContext context, @NonNull Payload payload) {
        return FxClient.over(new Transport(context, payload), context.getBean(JsonMapper.class));
    }

    /** Maps each exchange to an event and invokes the function, one at a time. */
    private static final class Transport implements FxTransport {

        private final Payload payload;
        private final FxApiGatewayV1Function v1;
        private final FxApiGatewayV2Function v2;

        Transport(ApplicationContext context, Payload payload) {
            this.payload = payload;
            this.v1 = payload == Payload.V1 ? new FxApiGatewayV1Function(context) : null;
            this.v2 = payload == Payload.V2 ? new FxApiGatewayV2Function(context) : null;
        }

        @Override
        @NonNull
        public synchronized Response exchange(@NonNull String method, @NonNull String path,
                                              @NonNull Map<String, List<String>> headers, @Nullable byte[] body) {
            int question = path.indexOf('?');
            GatewayRequest request = new GatewayRequest(method, question < 0 ? path : path.substring(0, question),
                question < 0 ? null : path.substring(question + 1), headers, body == null ? new byte[0] : body,
                "127.0.0.1", UUID.randomUUID().toString());
            GatewayResponse response = payload == Payload.V1
                ? ApiGatewayMapping.response(v1.handleRequest(ApiGatewayMapping.v1(request), new MockLambdaContext()))
                : ApiGatewayMapping.response(v2.handleRequest(ApiGatewayMapping.v2(request), new MockLambdaContext()));
            return new Response(response.status(), response.headers(), new String(response.body(), StandardCharsets.UTF_8));
        }
    }
}
