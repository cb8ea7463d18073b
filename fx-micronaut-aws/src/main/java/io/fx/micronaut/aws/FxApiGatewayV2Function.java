package io.fx.micronaut.aws;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.function.aws.proxy.payload2.APIGatewayV2HTTPEventFunction;

import java.util.HashMap;
import java.util.Map;

/**
 * The Lambda handler of an API Gateway HTTP API (payload format 2.0), answering as the server does: Micronaut's
 * {@link APIGatewayV2HTTPEventFunction}, plus what fx-micronaut needs of it. An event without an HTTP method is
 * 400 {@code MALFORMED_REQUEST} and a body flagged base64 that does not decode 400 {@code BODY_READ_ERROR}, each the
 * error envelope (not a {@code NullPointerException}, not a 500 carrying the exception's text); without a client
 * {@code X-Request-Id} the answer carries API Gateway's {@code requestContext.requestId}; the query is decoded from
 * {@code rawQueryString} (so {@code filter=name:in:a,b} and a repeated {@code filter} keep their meaning); the
 * client's address is {@code requestContext.http.sourceIp}. Set the function's handler to
 * {@code io.fx.micronaut.aws.FxApiGatewayV2Function::handleRequest}.
 *
 * @since 0.9.0
 */
public class FxApiGatewayV2Function extends APIGatewayV2HTTPEventFunction {

    /** Starts the application, as the Lambda runtime does on a cold start. */
    public FxApiGatewayV2Function() {
        super();
    }

    /**
     * @param context a started application context, which the function uses and does not close
     */
    public FxApiGatewayV2Function(@NonNull ApplicationContext context) {
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
    public APIGatewayV2HTTPResponse handleRequest(@Nullable APIGatewayV2HTTPEvent event, @Nullable Context context) {
        APIGatewayV2HTTPEvent.RequestContext request = event == null ? null : event.getRequestContext();
        String method = request == null || request.getHttp() == null ? null : request.getHttp().getMethod();
        String gatewayId = request == null ? null : request.getRequestId();
        GatewayRefusal refusal = GatewayRefusal.of(method, event == null ? null : event.getBody(),
            event != null && event.getIsBase64Encoded(), event == null ? null : event.getHeaders(), gatewayId,
            applicationContext);
        if (refusal != null) {
            return APIGatewayV2HTTPResponse.builder().withStatusCode(refusal.status()).withHeaders(refusal.headers())
                .withBody(refusal.body()).withIsBase64Encoded(false).build();
        }
        if (gatewayId != null && GatewayRefusal.header(event.getHeaders(), GatewayRefusal.REQUEST_ID) == null) {
            Map<String, String> headers = event.getHeaders() == null ? new HashMap<>() : new HashMap<>(event.getHeaders());
            headers.put("x-request-id", gatewayId);
            event.setHeaders(headers);
        }
        return super.handleRequest(event, context);
    }
}
