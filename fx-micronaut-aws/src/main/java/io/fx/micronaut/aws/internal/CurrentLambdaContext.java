package io.fx.micronaut.aws.internal;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * The Lambda {@link Context} bean: the context of the invocation the function instance is serving (Lambda sends one
 * invocation at a time to an instance), so a bean holding it sees each invocation's request id and remaining time
 * rather than those of the invocation during which it was created.
 */
@Internal
final class CurrentLambdaContext implements Context {

    private volatile Context current;

    CurrentLambdaContext(@NonNull Context first) {
        this.current = first;
    }

    void set(@NonNull Context context) {
        this.current = context;
    }

    @NonNull
    Context get() {
        return current;
    }

    @Override
    public String getAwsRequestId() {
        return current.getAwsRequestId();
    }

    @Override
    public String getLogGroupName() {
        return current.getLogGroupName();
    }

    @Override
    public String getLogStreamName() {
        return current.getLogStreamName();
    }

    @Override
    public String getFunctionName() {
        return current.getFunctionName();
    }

    @Override
    public String getFunctionVersion() {
        return current.getFunctionVersion();
    }

    @Override
    public String getInvokedFunctionArn() {
        return current.getInvokedFunctionArn();
    }

    @Override
    @Nullable
    public CognitoIdentity getIdentity() {
        return current.getIdentity();
    }

    @Override
    @Nullable
    public ClientContext getClientContext() {
        return current.getClientContext();
    }

    @Override
    public int getRemainingTimeInMillis() {
        return current.getRemainingTimeInMillis();
    }

    @Override
    public int getMemoryLimitInMB() {
        return current.getMemoryLimitInMB();
    }

    @Override
    @Nullable
    public LambdaLogger getLogger() {
        return current.getLogger();
    }

    @Override
    public String getTenantId() {
        return current.getTenantId();
    }
}
