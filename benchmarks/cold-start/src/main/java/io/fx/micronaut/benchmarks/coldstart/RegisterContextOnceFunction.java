package io.fx.micronaut.benchmarks.coldstart;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import io.micronaut.function.aws.proxy.payload1.ApiGatewayProxyRequestEventFunction;

/**
 * The hand-written side's handler: Micronaut's REST API function, handed the Lambda context on the first invocation
 * only. Micronaut registers the context it is handed as a singleton on every invocation, and each registration
 * scans the registered singletons, which grow by one each time: 20,000 warm invocations then take many minutes.
 * A hand-written service would avoid that much as fx-micronaut-aws does (it registers one context bean that follows
 * the current invocation); this is the smallest hand-written way, so the warm part compares the controllers and the
 * pipelines, not that cost.
 */
public final class RegisterContextOnceFunction extends ApiGatewayProxyRequestEventFunction {

    private boolean registered;

    @Override
    public APIGatewayProxyResponseEvent handleRequest(APIGatewayProxyRequestEvent input, Context context) {
        Context first = registered ? null : context;
        registered = true;
        return super.handleRequest(input, first);
    }
}
