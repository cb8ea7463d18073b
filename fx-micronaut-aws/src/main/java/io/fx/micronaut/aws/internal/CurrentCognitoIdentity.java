package io.fx.micronaut.aws.internal;

import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;

/** The {@link CognitoIdentity} bean: the current invocation's, each value null when it carries none. */
@Internal
final class CurrentCognitoIdentity implements CognitoIdentity {

    private final CurrentLambdaContext context;

    CurrentCognitoIdentity(CurrentLambdaContext context) {
        this.context = context;
    }

    @Override
    @Nullable
    public String getIdentityId() {
        CognitoIdentity current = context.getIdentity();
        return current == null ? null : current.getIdentityId();
    }

    @Override
    @Nullable
    public String getIdentityPoolId() {
        CognitoIdentity current = context.getIdentity();
        return current == null ? null : current.getIdentityPoolId();
    }
}
