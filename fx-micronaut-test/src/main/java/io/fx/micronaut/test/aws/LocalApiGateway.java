package io.fx.micronaut.test.aws;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.fx.micronaut.aws.FxApiGatewayV1Function;
import io.fx.micronaut.aws.FxApiGatewayV2Function;
import io.fx.micronaut.aws.MigrationFunction;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.function.aws.proxy.MockLambdaContext;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * A local API Gateway in front of one Lambda function instance, as SAM's local API but without Docker: a JDK
 * {@code com.sun.net.httpserver} server that maps each request to the event API Gateway would send
 * ({@link ApiGatewayMapping}), invokes the function (one call at a time, as one Lambda instance serves) and writes its
 * answer. Like API Gateway it caps the request body at Lambda's 6 MB invocation payload (413 above), gives every
 * request a request id and echoes it as {@code x-amzn-RequestId}.
 * <p>
 * As a program ({@link #main}) it starts the application's {@code FxApiGatewayV2Function} (or V1 with
 * {@code BLOG_LAMBDA_PAYLOAD=v1}) on {@code PORT} (default 3000), after running {@code MigrationFunction} once as a
 * deployment would:
 * {@code mvn -B -q -f doc-examples -Plambda exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.fx.micronaut.test.aws.LocalApiGateway}.
 *
 * @since 0.9.0
 */
public final class LocalApiGateway implements AutoCloseable {

    /** Lambda's limit on a synchronous invocation's payload, which API Gateway's requests hit first. */
    public static final int MAX_BODY = 6 * 1024 * 1024;
    private static final byte[] TOO_LARGE = "{\"message\":\"Request Entity Too Large\"}".getBytes(StandardCharsets.UTF_8);

    private final HttpServer server;
    private final Payload payload;
    private final Function<GatewayRequest, GatewayResponse> function;
    private final Object invocations = new Object();
    /**
     * Runs the exchanges off the server's dispatcher thread: {@code HttpServer.stop} waits for that thread without
     * a bound, so an invocation that never returned would otherwise hold {@link #close()} for good.
     */
    private final ExecutorService exchanges = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "fx-local-api-gateway");
        thread.setDaemon(true);
        return thread;
    });

    private LocalApiGateway(InetSocketAddress address, Payload payload, Function<GatewayRequest, GatewayResponse> function)
        throws IOException {
        this.payload = payload;
        this.function = function;
        this.server = HttpServer.create(address, 0);
        server.createContext("/", this::serve);
        server.setExecutor(exchanges);
        server.start();
    }

    /**
     * Serves a REST API function (payload 1.0).
     *
     * @param port     the port, 0 for any free one
     * @param function the function, invoked one call at a time
     * @return the running gateway
     * @throws IOException when the port cannot be bound
     */
    @NonNull
    public static LocalApiGateway v1(int port,
        @NonNull RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> function) throws IOException {
        return new LocalApiGateway(new InetSocketAddress("127.0.0.1", port), Payload.V1, request ->
            ApiGatewayMapping.response(function.handleRequest(ApiGatewayMapping.v1(request), new MockLambdaContext())));
    }

    /**
     * Serves an HTTP API function (payload 2.0).
     *
     * @param port     the port, 0 for any free one
     * @param function the function, invoked one call at a time
     * @return the running gateway
     * @throws IOException when the port cannot be bound
     */
    @NonNull
    public static LocalApiGateway v2(int port,
        @NonNull RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> function) throws IOException {
        return new LocalApiGateway(new InetSocketAddress("127.0.0.1", port), Payload.V2, request ->
            ApiGatewayMapping.response(function.handleRequest(ApiGatewayMapping.v2(request), new MockLambdaContext())));
    }

    /** @return the port it listens on */
    public int getPort() {
        return server.getAddress().getPort();
    }

    /** @return the payload format it sends */
    @NonNull
    public Payload getPayload() {
        return payload;
    }

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            String requestId = payload == Payload.V1 ? UUID.randomUUID().toString() : shortId();
            exchange.getResponseHeaders().add("x-amzn-RequestId", requestId);
            byte[] body = read(exchange.getRequestBody());
            if (body == null) {
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(413, TOO_LARGE.length);
                exchange.getResponseBody().write(TOO_LARGE);
                return;
            }
            Map<String, List<String>> headers = new LinkedHashMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, List.copyOf(values)));
            GatewayRequest request = new GatewayRequest(exchange.getRequestMethod().toUpperCase(Locale.ROOT),
                exchange.getRequestURI().getRawPath(), exchange.getRequestURI().getRawQuery(), headers, body,
                exchange.getRemoteAddress().getAddress().getHostAddress(), requestId);
            GatewayResponse response;
            synchronized (invocations) {
                response = function.apply(request);
            }
            write(exchange, response);
        }
    }

    private static void write(HttpExchange exchange, GatewayResponse response) throws IOException {
        response.headers().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Content-Length") && !name.equalsIgnoreCase("Date")) {
                values.forEach(value -> exchange.getResponseHeaders().add(name, value));
            }
        });
        boolean empty = response.body().length == 0 || exchange.getRequestMethod().equalsIgnoreCase("HEAD")
            || response.status() == 204 || response.status() == 304;
        exchange.sendResponseHeaders(response.status(), empty ? -1 : response.body().length);
        if (!empty) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(response.body());
            }
        }
    }

    /** @return the body, or null when it exceeds {@link #MAX_BODY} */
    private static byte[] read(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[64 * 1024];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            if (body.size() + n > MAX_BODY) {
                in.transferTo(OutputStream.nullOutputStream());
                return null;
            }
            body.write(buffer, 0, n);
        }
        return body.toByteArray();
    }

    /** An id shaped like an HTTP API's ({@code JKJaXmPLvHcESHA=}). */
    private static String shortId() {
        byte[] bytes = new byte[11];
        ThreadLocalRandom.current().nextBytes(bytes);
        return java.util.Base64.getEncoder().encodeToString(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
        exchanges.shutdownNow();
    }

    /**
     * Runs the application's function behind a local gateway: {@code PORT} (default 3000),
     * {@code BLOG_LAMBDA_PAYLOAD} {@code v1} or {@code v2} (default). Migrates first, with the application's
     * {@code MigrationFunction}, as a deployment step would. Stops with the JVM.
     *
     * @param args not read
     * @throws IOException when the port cannot be bound
     */
    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "3000"));
        boolean v1 = "v1".equalsIgnoreCase(System.getenv().getOrDefault("BLOG_LAMBDA_PAYLOAD", "v2").trim());
        try (MigrationFunction migration = new MigrationFunction()) {
            System.out.println("Migrated: " + migration.handleRequest(Map.of(), new MockLambdaContext()));
        }
        LocalApiGateway gateway = v1 ? v1(port, new FxApiGatewayV1Function()) : v2(port, new FxApiGatewayV2Function());
        System.out.println("Local API Gateway (payload " + (v1 ? "1.0" : "2.0") + ") on http://127.0.0.1:"
            + gateway.getPort());
    }
}
