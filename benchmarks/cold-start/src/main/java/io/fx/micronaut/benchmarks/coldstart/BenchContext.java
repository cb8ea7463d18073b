package io.fx.micronaut.benchmarks.coldstart;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;

import java.nio.charset.StandardCharsets;

/**
 * The invocation context the driver hands a handler: what the Lambda runtime passes, with a request id of its own per
 * invocation and a logger writing to standard error.
 *
 * @since 0.9.0
 */
final class BenchContext implements Context {

    private static final LambdaLogger LOGGER = new LambdaLogger() {
        @Override
        public void log(String message) {
            System.err.println(message);
        }

        @Override
        public void log(byte[] message) {
            System.err.println(new String(message, StandardCharsets.UTF_8));
        }
    };

    private final String requestId;

    BenchContext(String requestId) {
        this.requestId = requestId;
    }

    @Override
    public String getAwsRequestId() {
        return requestId;
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/cold-start";
    }

    @Override
    public String getLogStreamName() {
        return "cold-start";
    }

    @Override
    public String getFunctionName() {
        return "cold-start";
    }

    @Override
    public String getFunctionVersion() {
        return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:us-east-1:000000000000:function:cold-start";
    }

    @Override
    public CognitoIdentity getIdentity() {
        return null;
    }

    @Override
    public ClientContext getClientContext() {
        return null;
    }

    @Override
    public int getRemainingTimeInMillis() {
        return 900_000;
    }

    @Override
    public int getMemoryLimitInMB() {
        return 1024;
    }

    @Override
    public LambdaLogger getLogger() {
        return LOGGER;
    }
}
