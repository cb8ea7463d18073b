package io.fx.micronaut.aws;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.function.aws.proxy.payload1.ApiGatewayProxyRequestEventFunction;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Lambda handler of an API Gateway REST API (payload format 1.0), answering as the server does: Micronaut's
 * {@link ApiGatewayProxyRequestEventFunction}, plus what fx-micronaut needs of it. An event without an HTTP method is
 * 400 {@code MALFORMED_REQUEST} and a body flagged base64 that does not decode 400 {@code BODY_READ_ERROR}, each the
 * error envelope; without a client {@code X-Request-Id} the answer carries API Gateway's
 * {@code requestContext.requestId}; the query is read from {@code multiValueQueryStringParameters}; the client's
 * address is {@code requestContext.identity.sourceIp}. Set the function's handler to
 * {@code io.fx.micronaut.aws.FxApiGatewayV1Function::handleRequest}.
 *
 * @since 0.9.0
 */
public class FxApiGatewayV1Function extends ApiGatewayProxyRequestEventFunction {

    /** Starts the application, as the Lambda runtime does on a cold start. */
    public FxApiGatewayV1Function() {
        super();
    }

    /**
     * @param context a started application context, which the function uses and does not close
     */
    public FxApiGatewayV1Function(@NonNull ApplicationContext context) {
        super(context);
    }

    /**
     * Micronaut's Lambda settings, singletons created when first needed ({@link FunctionContexts}).
     *
     * @return the builder
     */
    @Override
    @NonNull
    protected ApplicationContextBuilder newApplicationContextBuilder() {
        return FunctionContexts.builder();
    }

    @Override
    public APIGatewayProxyResponseEvent handleRequest(@Nullable APIGatewayProxyRequestEvent event,
                                                     @Nullable Context context) {
        String gatewayId = event == null || event.getRequestContext() == null ? null
            : event.getRequestContext().getRequestId();
        Map<String, String> single = event == null ? null : event.getHeaders();
        GatewayRefusal refusal = GatewayRefusal.of(event == null ? null : event.getHttpMethod(),
            event == null ? null : event.getBody(), event != null && Boolean.TRUE.equals(event.getIsBase64Encoded()),
            single == null ? firstValues(event == null ? null : event.getMultiValueHeaders()) : single, gatewayId,
            applicationContext);
        if (refusal != null) {
            Map<String, List<String>> multi = new HashMap<>();
            refusal.headers().forEach((name, value) -> multi.put(name, List.of(value)));
            return new APIGatewayProxyResponseEvent().withStatusCode(refusal.status()).withHeaders(refusal.headers())
                .withMultiValueHeaders(multi).withBody(refusal.body()).withIsBase64Encoded(false);
        }
        if (gatewayId != null && GatewayRefusal.header(single, GatewayRefusal.REQUEST_ID) == null
            && GatewayRefusal.header(firstValues(event.getMultiValueHeaders()), GatewayRefusal.REQUEST_ID) == null) {
            Map<String, String> headers = single == null ? new HashMap<>() : new HashMap<>(single);
            headers.put(GatewayRefusal.REQUEST_ID, gatewayId);
            event.setHeaders(headers);
            if (event.getMultiValueHeaders() != null) {
                Map<String, List<String>> multi = new HashMap<>(event.getMultiValueHeaders());
                multi.put(GatewayRefusal.REQUEST_ID, List.of(gatewayId));
                event.setMultiValueHeaders(multi);
            }
        }
        return super.handleRequest(event, context);
    }

    private static Map<String, String> firstValues(@Nullable Map<String, List<String>> multi) {
        if (multi == null) {
            return null;
        }
        Map<String, String> first = new HashMap<>();
        multi.forEach((name, values) -> {
            if (values != null && !values.isEmpty()) {
                first.put(name, values.get(0));
            }
        });
        return first;
    }
}
